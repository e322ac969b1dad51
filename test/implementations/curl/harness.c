/*
 * The real libcurl URL API for test/implementations/curl/curl.test.ts, with
 * default flags (0) everywhere. One request a line on stdin: a JSON string
 * holding the input's bytes in hex ("6874..."), or two such hex runs apart
 * by a space for a resolution (base, then reference). One JSON line out per
 * request. A read: curl_url_set(CURLUPART_URL), then curl_url_get of every
 * part in CURLUPart's order, each as {"code":"CURLUE_...","part":"..."|null};
 * a refusal: {"code":"CURLUE_...","message":curl_url_strerror}. A
 * resolution: the base set, the reference set on the same handle, then
 * CURLUPART_URL. Bytes of a part go out as they are, but for '"', '\\' and
 * the controls, which are escaped: node reads the line as UTF-8.
 */
#define _POSIX_C_SOURCE 200809L
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const CODES[] = {
  "CURLUE_OK", "CURLUE_BAD_HANDLE", "CURLUE_BAD_PARTPOINTER",
  "CURLUE_MALFORMED_INPUT", "CURLUE_BAD_PORT_NUMBER",
  "CURLUE_UNSUPPORTED_SCHEME", "CURLUE_URLDECODE", "CURLUE_OUT_OF_MEMORY",
  "CURLUE_USER_NOT_ALLOWED", "CURLUE_UNKNOWN_PART", "CURLUE_NO_SCHEME",
  "CURLUE_NO_USER", "CURLUE_NO_PASSWORD", "CURLUE_NO_OPTIONS",
  "CURLUE_NO_HOST", "CURLUE_NO_PORT", "CURLUE_NO_QUERY", "CURLUE_NO_FRAGMENT",
  "CURLUE_NO_ZONEID", "CURLUE_BAD_FILE_URL", "CURLUE_BAD_FRAGMENT",
  "CURLUE_BAD_HOSTNAME", "CURLUE_BAD_IPV6", "CURLUE_BAD_LOGIN",
  "CURLUE_BAD_PASSWORD", "CURLUE_BAD_PATH", "CURLUE_BAD_QUERY",
  "CURLUE_BAD_SCHEME", "CURLUE_BAD_SLASHES", "CURLUE_BAD_USER",
  "CURLUE_LACKS_IDN"};

static const struct { CURLUPart part; const char *name; } PARTS[] = {
  {CURLUPART_URL, "CURLUPART_URL"}, {CURLUPART_SCHEME, "CURLUPART_SCHEME"},
  {CURLUPART_USER, "CURLUPART_USER"},
  {CURLUPART_PASSWORD, "CURLUPART_PASSWORD"},
  {CURLUPART_OPTIONS, "CURLUPART_OPTIONS"}, {CURLUPART_HOST, "CURLUPART_HOST"},
  {CURLUPART_ZONEID, "CURLUPART_ZONEID"}, {CURLUPART_PORT, "CURLUPART_PORT"},
  {CURLUPART_PATH, "CURLUPART_PATH"}, {CURLUPART_QUERY, "CURLUPART_QUERY"},
  {CURLUPART_FRAGMENT, "CURLUPART_FRAGMENT"}};

static const char *code_name(CURLUcode c)
{
  return (unsigned)c < sizeof(CODES) / sizeof(CODES[0]) ? CODES[c] : "?";
}

static void put_string(const char *s)
{
  const unsigned char *p = (const unsigned char *)s;
  putchar('"');
  for(; *p; p++) {
    if(*p == '"' || *p == '\\')
      printf("\\%c", *p);
    else if(*p < 0x20 || *p == 0x7f)
      printf("\\u%04x", *p);
    else
      putchar(*p);
  }
  putchar('"');
}

static void put_error(CURLUcode c)
{
  printf("{\"code\":\"%s\",\"message\":", code_name(c));
  put_string(curl_url_strerror(c));
  putchar('}');
}

static int hexval(char c)
{
  return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

/* Hex digits to bytes, in place; the bytes end at the first 00, as a C
   string does. */
static char *unhex(char *s, size_t n)
{
  size_t k;
  for(k = 0; 2 * k + 1 < n; k++)
    s[k] = (char)(hexval(s[2 * k]) << 4 | hexval(s[2 * k + 1]));
  s[n / 2] = 0;
  return s;
}

static void read_one(char *hex, size_t n)
{
  CURLU *h = curl_url();
  CURLUcode c = curl_url_set(h, CURLUPART_URL, unhex(hex, n), 0);
  size_t k;
  if(c) {
    put_error(c);
  }
  else {
    putchar('{');
    for(k = 0; k < sizeof(PARTS) / sizeof(PARTS[0]); k++) {
      char *part = NULL;
      CURLUcode g = curl_url_get(h, PARTS[k].part, &part, 0);
      printf("%s\"%s\":{\"code\":\"%s\",\"part\":", k ? "," : "",
             PARTS[k].name, code_name(g));
      if(part)
        put_string(part);
      else
        printf("null");
      putchar('}');
      curl_free(part);
    }
    putchar('}');
  }
  putchar('\n');
  curl_url_cleanup(h);
}

static void resolve_one(char *base, size_t nb, char *ref, size_t nr)
{
  CURLU *h = curl_url();
  CURLUcode c = curl_url_set(h, CURLUPART_URL, unhex(base, nb), 0);
  char *url = NULL;
  if(!c)
    c = curl_url_set(h, CURLUPART_URL, unhex(ref, nr), 0);
  if(!c)
    c = curl_url_get(h, CURLUPART_URL, &url, 0);
  if(c)
    put_error(c);
  else {
    printf("{\"code\":\"CURLUE_OK\",\"url\":");
    put_string(url);
    putchar('}');
  }
  putchar('\n');
  curl_free(url);
  curl_url_cleanup(h);
}

int main(void)
{
  char *line = NULL;
  size_t size = 0;
  while(getline(&line, &size, stdin) > 0) {
    char *start = strchr(line, '"');
    char *end = start ? strchr(start + 1, '"') : NULL;
    char *space;
    if(!end)
      return 2;
    start++;
    *end = 0;
    space = strchr(start, ' ');
    if(space) {
      *space = 0;
      resolve_one(start, strlen(start), space + 1, strlen(space + 1));
    }
    else
      read_one(start, strlen(start));
    fflush(stdout);
  }
  free(line);
  return 0;
}
