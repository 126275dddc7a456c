/* bytes and bytearray (bytes.c): one layout and one implementation of everything that only reads,
 * so the two types differ only in bytearray's mutators and in being unhashable. Kept out of the
 * headers the stencils include: no micro-op knows these types. */
#ifndef QUACK_BYTES_H
#define QUACK_BYTES_H

#include <stdbool.h>
#include <stdint.h>

#include "object.h"

extern QkType qk_bytes_type, qk_bytearray_type, qk_bytes_iter_type;
extern QkType qk_exc_UnicodeEncodeError, qk_exc_UnicodeDecodeError;

/* A bytes keeps its bytes inline (data points at them) and caches its hash; a bytearray's data
 * is malloc'd, capacity bytes, and grows. */
typedef struct QkBytes {
    QkObject ob;
    int64_t length, capacity;
    uint64_t hash; /* bytes: 0 until computed */
    char *data;
    char inline_data[];
} QkBytes;

static inline QkBytes *qk_as_bytes(QkValue v) { return (QkBytes *)v; }
/* bytes or bytearray: what CPython calls a bytes-like object here. */
static inline bool qk_is_bytes_like(QkValue v) {
    return qk_is_type(v, &qk_bytes_type) || qk_is_type(v, &qk_bytearray_type);
}
/* A new bytes or bytearray (type) holding a copy of data[0..n). */
QkValue qk_bytes_new(QkThread *tstate, QkType *type, const char *data, int64_t n);
/* The FNV-1a hash str and bytes share (so b"abc" and "abc" hash alike, as in CPython). */
uint64_t qk_hash_bytes(const char *data, int64_t n);

/* str.encode(encoding="utf-8", errors="strict"), a method of str. */
QkValue qk_str_encode(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                      QkValue kwnames);
/* str(object, encoding, errors): object decoded (encoding, errors: str or QK_NULL). */
QkValue qk_str_decode(QkThread *tstate, QkValue object, QkValue encoding, QkValue errors);
/* int.to_bytes(length=1, byteorder="big", *, signed=False) and the class method
 * int.from_bytes(bytes, byteorder="big", *, signed=False). */
QkValue qk_int_to_bytes(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                        QkValue kwnames);
QkValue qk_int_from_bytes(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames);

#endif
