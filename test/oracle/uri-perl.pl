# Reads JSON strings, one a line, from stdin; writes one JSON record a line:
# what Perl's URI module (Debian's liburi-perl) makes of each:
#
#   [same, scheme, authority, path, query, fragment]
#
# same: whether URI->new keeps the string as it is (it percent-encodes
#   characters outside its set and trims white space: it validates nothing
#   else). The components come from its split (undef, null, for absent).
# Used by test/compare-generic-differential.test.ts.
use strict;
use warnings;
use JSON::PP;
use URI;

my $json = JSON::PP->new->allow_nonref->canonical;
binmode STDIN, ":raw";
binmode STDOUT, ":raw";
$| = 0;
while (my $line = <STDIN>) {
  my $s = $json->decode($line);
  my $u = URI->new($s);
  my $same = ($u->as_string eq $s) ? JSON::PP::true : JSON::PP::false;
  my @parts = map { my $m = $_; my $v = eval { $u->$m }; $v } qw(scheme authority path query fragment);
  print $json->encode([$same, @parts]), "\n";
}
