/* str.maketrans and str.translate: a table from code points to code points, strings or None. */
#include "objmodel.h"
#include "quack.h"
#include "types.h"

/* The one code point of a str of length 1, or -1. */
static int64_t single_codepoint(QkValue s) {
    const char *p = qk_as_str(s)->data;
    if (qk_as_str(s)->length == 0) {
        return -1;
    }
    uint32_t cp = qk_utf8_decode(&p);
    return p == qk_as_str(s)->data + qk_as_str(s)->length ? (int64_t)cp : -1;
}

static QkValue maketrans_from_dict(QkThread *tstate, QkValue mapping) {
    QkValue table = qk_dict_new(tstate), key = QK_NULL;
    qk_root_push(tstate, &table);
    qk_root_push(tstate, &key);
    int64_t pos = 0;
    QkValue k, v;
    while (table != QK_NULL && qk_dict_next(mapping, &pos, &k, &v)) {
        if (qk_is_str(k)) {
            int64_t cp = single_codepoint(k);
            if (cp < 0) {
                table = qk_raise(tstate, &qk_exc_ValueError,
                                 "string keys in translate table must be of length 1");
                break;
            }
            key = qk_from_int(cp);
        } else if (qk_is_anyint(k)) {
            key = k;
        } else {
            table = qk_raise(tstate, &qk_exc_TypeError,
                             "keys in translate table must be strings or integers");
            break;
        }
        if (qk_dict_setitem(tstate, table, key, v) < 0) {
            table = QK_NULL;
        }
    }
    qk_root_pop(tstate, 2);
    return table;
}

QkValue qk_str_maketrans(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "maketrans", nargs, kwnames, 1, 3) < 0) {
        return QK_NULL;
    }
    if (nargs == 1) {
        if (!qk_is_dict(args[0])) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            "if you give only one argument to maketrans it must be a dict");
        }
        return maketrans_from_dict(tstate, args[0]);
    }
    if (!qk_is_str(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "first maketrans argument must be a string if there is a second argument");
    }
    for (size_t i = 1; i < nargs; i++) {
        if (!qk_is_str(args[i])) {
            return qk_raise(tstate, &qk_exc_TypeError, "maketrans() argument %zu must be str, not %s",
                            i + 1, qk_type_name(args[i]));
        }
    }
    if (qk_str_cp_length(args[0]) != qk_str_cp_length(args[1])) {
        return qk_raise(tstate, &qk_exc_ValueError,
                        "the first two maketrans arguments must have equal length");
    }
    QkValue table = qk_dict_new(tstate);
    qk_root_push(tstate, &table);
    const char *x = qk_as_str(args[0])->data, *y = qk_as_str(args[1])->data;
    const char *x_end = x + qk_as_str(args[0])->length;
    while (table != QK_NULL && x < x_end) {
        QkValue from = qk_from_int(qk_utf8_decode(&x)), to = qk_from_int(qk_utf8_decode(&y));
        if (qk_dict_setitem(tstate, table, from, to) < 0) {
            table = QK_NULL;
        }
    }
    if (table != QK_NULL && nargs == 3) {
        const char *z = qk_as_str(args[2])->data, *z_end = z + qk_as_str(args[2])->length;
        while (table != QK_NULL && z < z_end) {
            if (qk_dict_setitem(tstate, table, qk_from_int(qk_utf8_decode(&z)), QK_NONE) < 0) {
                table = QK_NULL;
            }
        }
    }
    qk_root_pop(tstate, 1);
    return table;
}

QkValue qk_str_translate(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    if (qk_check_args(tstate, "translate", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    QkValue table = args[0];
    QkBuf b = {0};
    qk_root_push(tstate, &self);
    qk_root_push(tstate, &table);
    int failed = 0;
    for (int64_t offset = 0; !failed && offset < qk_as_str(self)->length;) {
        const char *start = qk_as_str(self)->data + offset, *p = start;
        uint32_t cp = qk_utf8_decode(&p);
        offset += p - start;
        QkValue to = qk_getitem(tstate, table, qk_from_int(cp));
        if (to == QK_NULL) {
            if (!qk_isinstance(tstate->exception, &qk_exc_LookupError)) {
                failed = 1;
                break;
            }
            tstate->exception = QK_NULL;
            failed = qk_buf_append(tstate, &b, start, (size_t)(p - start)) < 0;
        } else if (to == QK_NONE) {
            continue;
        } else if (qk_is_anyint(to)) {
            int64_t v = qk_is_bigint(to) ? -1 : qk_int_like_value(to); /* big: out of range */
            char utf8[4];
            if (v < 0 || v > 0x10FFFF) {
                qk_raise(tstate, &qk_exc_ValueError, "character mapping must be in range(0x110000)");
                failed = 1;
            } else {
                failed = qk_buf_append(tstate, &b, utf8, (size_t)qk_utf8_encode((uint32_t)v, utf8)) < 0;
            }
        } else if (qk_is_str(to)) {
            failed = qk_buf_append(tstate, &b, qk_as_str(to)->data, (size_t)qk_as_str(to)->length) < 0;
        } else {
            qk_raise(tstate, &qk_exc_TypeError, "character mapping must return integer, None or str");
            failed = 1;
        }
    }
    qk_root_pop(tstate, 2);
    if (failed) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}
