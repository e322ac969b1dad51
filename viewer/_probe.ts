import * as p from "./rfc2732";
for (const input of ["http://[1:2]/", "http://[::1", "http://[::1/", "http://[]/", "http://[", "http://[12345::]/", "http://[::1.2.3]/", "http://u@[::1]:/", "//[::1]", "http://[::1]]/", "http://a/[x]?[y]#[z]", "http://[::1]%41/"]) {
  try { const c = p.parse(input); console.log(input, "OK", c.host, c.hostType, c.authorityType); } catch (e) { const x = e as p.UriSyntaxError; console.log(input, x.code, x.component, x.offset, x.found, x.message); }
}
