// Sets a test process's locale up once, when the test binary loads: before any
// test or thread runs, as the youbi executable does first thing in main
// (TextWidth.prepareLocale). Width queries never touch the locale themselves,
// and wcwidth answers -1 for every non-ASCII character in the "C" locale.
#include <locale.h>
#include <string.h>

static int is_utf8(const char *name) {
  return name && (strstr(name, "UTF-8") || strstr(name, "utf-8") || strstr(name, "UTF8") ||
                  strstr(name, "utf8"));
}

__attribute__((constructor)) static void youbi_test_locale(void) {
  setlocale(LC_ALL, "");
  if (is_utf8(setlocale(LC_CTYPE, NULL))) return;
  if (setlocale(LC_CTYPE, "C.UTF-8")) return;
  setlocale(LC_CTYPE, "en_US.UTF-8");
}
