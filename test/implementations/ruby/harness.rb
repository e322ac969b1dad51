# The real uri library of Debian's Ruby 3.1 for test/implementations/ruby/ruby.test.ts.
# ARGV[0] is "2396" or "3986" (the parser), ARGV[1] "parse" (a line is one string) or
# "resolve" (a line is a base and a reference, a comma apart), each line a JSON string. A string comes as the hex
# of its bytes (a lone surrogate's three bytes included, which no JSON parser of Ruby
# takes), is read as UTF-8 and given to URI::RFC2396_Parser.new.parse, resp.
# URI::RFC3986_Parser.new.parse; the answer is one JSON line: the URI's fields, or the
# exception's class and message. Run with --disable-error_highlight, so that a message
# is the exception's own, not followed by a quote of uri's source.
require 'uri'
require 'json'

PARSER = ARGV[0] == '2396' ? URI::RFC2396_Parser.new : URI::RFC3986_Parser.new

def text(hex)
  [hex].pack('H*').force_encoding(Encoding::UTF_8)
end

# A port beyond 2**53 as its decimal string: JSON numbers past that are not exact in JavaScript.
def port(v)
  v.is_a?(Integer) && v.abs > 2**53 ? v.to_s : v
end

def native(u)
  n = { 'class' => u.class.name, 'scheme' => u.scheme, 'userinfo' => u.userinfo, 'user' => u.user,
        'password' => u.password, 'host' => u.host, 'hostname' => u.hostname, 'port' => port(u.port),
        'registry' => u.registry, 'path' => u.path, 'opaque' => u.opaque, 'query' => u.query,
        'fragment' => u.fragment, 'to_s' => u.to_s }
  case u
  when URI::MailTo then n.merge!('to' => u.to, 'headers' => u.headers)
  when URI::LDAP
    n.merge!('dn' => u.dn, 'attributes' => u.attributes, 'scope' => u.scope, 'filter' => u.filter,
             'extensions' => u.extensions)
  when URI::FTP then n['typecode'] = u.typecode
  end
  n
end

def answer
  yield
rescue StandardError => e
  { 'error' => e.class.name, 'message' => e.message }
end

$stdout.sync = false
STDIN.each_line do |line|
  parts = JSON.parse(line).split(',', -1)
  out =
    if ARGV[1] == 'parse'
      answer { native(PARSER.parse(text(parts[0] || ''))) }
    else
      answer { { 'resolved' => PARSER.parse(text(parts[0] || '')).merge(text(parts[1] || '')).to_s } }
    end
  puts JSON.generate(out)
end
