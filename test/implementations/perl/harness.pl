# The real URI module of Debian's liburi-perl for
# test/implementations/perl/perl.test.ts: one JSON value a line in, one
# JSON line out. The strings are character strings, as decode_utf8 gives
# them (the UTF-8 flag on).
#   read:       a string -> the methods its class can, or the die
#   resolve:    [base, ref] -> URI->new($ref, $base)->abs($base) as LWP
#               follows a redirect ($URI::ABS_ALLOW_RELATIVE_SCHEME set)
#   relativize: [base, uri] -> URI->new($uri)->rel(URI->new($base))
#   tables:     (no input) Perl's \s, \d and lc on every code point
use strict;
use warnings;
use JSON::PP;
use URI;

$SIG{__WARN__} = sub { };
my $json = JSON::PP->new->utf8->canonical->allow_nonref;
binmode STDIN, ":raw";
binmode STDOUT, ":raw";
my $mode = shift @ARGV;

sub chars { my $s = shift; utf8::upgrade($s); $s }
sub died { my $m = shift; $m =~ s/ at \S+ line \d+(?:, <\w+> line \d+)?\.?\n\z//; { error => $m } }

my @METHODS = qw(query authority userinfo host port default_port path_query host_port);

sub native {
  my $u = shift;
  my %n = (
    class     => ref($u),
    as_string => $u->as_string,
    scheme    => scalar($u->scheme),
    opaque    => scalar($u->opaque),
    path      => scalar($u->path),
    fragment  => scalar($u->fragment),
    canonical => $u->canonical->as_string,
  );
  for my $m (@METHODS) { $n{$m} = scalar($u->$m) if $u->can($m); }
  \%n;
}

if ($mode eq "tables") {
  my (@space, @digit, @lc);
  for my $cp (0 .. 0x10FFFF) {
    next if $cp >= 0xD800 && $cp <= 0xDFFF;
    my $c = chr($cp);
    utf8::upgrade($c);
    push @space, $cp if $c =~ /\s/;
    push @digit, $cp if $c =~ /\d/;
    my $l = lc $c;
    push @lc, [$cp, [map { ord } split //, $l]] if $l ne $c;
  }
  print $json->encode({ space => \@space, digit => \@digit, lc => \@lc }), "\n";
  exit 0;
}

while (my $line = <STDIN>) {
  my $in = $json->decode($line);
  my $out;
  if ($mode eq "read") {
    $out = eval { native(URI->new(chars($in))) } // died($@);
  } elsif ($mode eq "resolve") {
    local $URI::ABS_ALLOW_RELATIVE_SCHEME = 1;
    $out = eval {
      my $base = URI->new(chars($in->[0]));
      { resolved => URI->new(chars($in->[1]), $base)->abs($base)->as_string };
    } // died($@);
  } elsif ($mode eq "relativize") {
    $out = eval {
      { relativized => URI->new(chars($in->[1]))->rel(URI->new(chars($in->[0])))->as_string };
    } // died($@);
  } else {
    die "unknown mode $mode";
  }
  print $json->encode($out), "\n";
}
