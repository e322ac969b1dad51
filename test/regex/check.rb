# Runs Ruby's Regexp (Onigmo) over a batch of cases, for test/regex.test.ts.
#   ruby check.rb PATTERNS CASES
# The same files as check.py: one pattern a line; cases "INDEX<TAB>HEX(UTF-16 code units)".
# Prints one line of verdicts: "1" (match? found a match), "0" (none), "E" (the engine raised).
# A case is matched as a UTF-8 string, as Ruby programs hold text (test/regex/engines.ts leaves
# out the strings with lone surrogates, which a UTF-8 string cannot hold).
patterns = File.readlines(ARGV[0], chomp: true).map { |line| Regexp.new(line) }
out = +""
File.foreach(ARGV[1], chomp: true) do |line|
  next if line.empty?
  index, hexed = line.split("\t", 2)
  s = [hexed || ""].pack("H*").force_encoding(Encoding::UTF_16BE).encode(Encoding::UTF_8)
  begin
    out << (patterns[Integer(index)].match?(s) ? "1" : "0")
  rescue StandardError
    out << "E"
  end
end
puts out
