/* Character classes and full case mappings of code points, as CPython 3.11's str has them: from
 * the tables generator/unicode_db.py writes (quack_unicode_db.h, QK_UC_* flags). */
#ifndef QUACK_UNICODE_H
#define QUACK_UNICODE_H

#include <stdint.h>

#include "quack_unicode_db.h"

/* The QK_UC_* flags of a code point (0 for one beyond U+10FFFF). */
unsigned qk_uc_flags(uint32_t cp);

/* The value of a decimal digit of any script (QK_UC_DECIMAL), else -1. */
int qk_uc_decimal(uint32_t cp);

/* Writes the code point's full mapping (1 to QK_UC_MAX_MAPPING code points) to out; returns its
 * length. The lowercase of a capital sigma also depends on its neighbours: str.c applies that
 * rule (final sigma) itself. */
int qk_uc_map(uint32_t cp, QkCaseMapping mapping, uint32_t out[QK_UC_MAX_MAPPING]);

#endif
