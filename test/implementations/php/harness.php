<?php
// The real parse_url of php-cli for test/implementations/php/php.test.ts:
// one JSON string a line in, parse_url's array (or false) as JSON out.
$in = fopen('php://stdin', 'r');
$out = fopen('php://stdout', 'w');
while (($line = fgets($in)) !== false) {
    $s = json_decode($line, false, 512, JSON_THROW_ON_ERROR);
    fwrite($out, json_encode(parse_url($s), JSON_THROW_ON_ERROR) . "\n");
}
