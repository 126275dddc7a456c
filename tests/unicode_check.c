/* Prints what runtime/objects/unicode.c says about every code point that is not a plain unassigned one:
 * `CP FLAGS DECIMAL UPPER LOWER TITLE FOLD`, hex (DECIMAL: the digit's value, or -1), each
 * mapping's code points joined by '+'.
 * tests/test_unicode.py compares it with Python's own str methods and unicodedata. */
#include <stdio.h>

#include "unicode.h"

int main(void) {
    static const QkCaseMapping mappings[] = {QK_UC_MAP_UPPER, QK_UC_MAP_LOWER, QK_UC_MAP_TITLE,
                                             QK_UC_MAP_FOLD};
    for (uint32_t cp = 0; cp <= 0x10ffff; cp++) {
        unsigned flags = qk_uc_flags(cp) & ~(unsigned)QK_UC_EXTENDED_CASE;
        char line[128];
        int n = snprintf(line, sizeof line, "%x %x %d", cp, flags, qk_uc_decimal(cp));
        int identity = flags == 0;
        for (int m = 0; m < 4; m++) {
            uint32_t out[QK_UC_MAX_MAPPING];
            int length = qk_uc_map(cp, mappings[m], out);
            identity &= length == 1 && out[0] == cp;
            for (int i = 0; i < length; i++) {
                n += snprintf(line + n, sizeof line - (size_t)n, "%c%x", i ? '+' : ' ', out[i]);
            }
        }
        if (!identity) {
            puts(line);
        }
    }
    return 0;
}
