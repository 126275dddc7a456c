/* The two-level lookup of a code point's record in the generated tables. */
#include "unicode.h"

#define QK_UNICODE_TABLES
#include "quack_unicode_db.h"

static const QkUnicodeRecord *record(uint32_t cp) {
    if (cp > 0x10ffff) {
        cp = 0x10ffff; /* a noncharacter's record: no flags, deltas of 0 */
    }
    uint32_t block = qk_uc_index1[cp >> QK_UC_SHIFT];
    return &qk_uc_records[qk_uc_index2[(block << QK_UC_SHIFT) | (cp & ((1u << QK_UC_SHIFT) - 1))]];
}

unsigned qk_uc_flags(uint32_t cp) { return record(cp)->flags; }

int qk_uc_decimal(uint32_t cp) {
    const QkUnicodeRecord *r = record(cp);
    return (r->flags & QK_UC_DECIMAL) ? r->decimal : -1;
}

int qk_uc_map(uint32_t cp, QkCaseMapping mapping, uint32_t out[QK_UC_MAX_MAPPING]) {
    const QkUnicodeRecord *r = record(cp);
    int32_t value = r->map[mapping];
    if (!(r->flags & QK_UC_EXTENDED_CASE)) {
        out[0] = (uint32_t)((int32_t)cp + value);
        return 1;
    }
    int length = value >> 24;
    for (int i = 0; i < length; i++) {
        out[i] = qk_uc_extended[(value & 0xffffff) + i];
    }
    return length;
}
