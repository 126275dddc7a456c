/* dict: insertion-ordered hash table with any hashable key. `indices` is an open-addressed
 * table (linear probing) of 32-bit positions into `entries`, which keeps insertion order; a
 * deleted entry keeps its place with key QK_NULL (a tombstone: probing goes past it) until the
 * next resize compacts. One block holds the indices and the entries, each with its key's hash (so
 * resizing never calls back into user __hash__, and a probe reads the hash and the key from one
 * line): the smallest inside the dict object (`small`), a larger one malloc'd. Big tables are
 * memory-bound: 4-byte indices and the hash beside the key make a lookup two cache misses. A
 * dict remembers its last lookup of an int, str or tuple key that ran no Python code (`memo_key`):
 * counting code looks each key up twice running, and the second is then a compare. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "invalidate.h"
#include "objmodel.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "storage.h"
#include "types.h"

static void dict_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkDict *d = (QkDict *)self;
    for (int64_t i = 0; i < d->nentries; i++) {
        visit(d->entries[i].key, arg);
        visit(d->entries[i].value, arg);
    }
    visit(d->memo_key, arg); /* compared by identity: its address must not be reused */
}

/* The indices, then the nindices / 2 entries (aligned: nindices is a power of two >= 8). */
static size_t table_bytes(int64_t nindices) {
    return (size_t)nindices * sizeof(int32_t) + (size_t)(nindices / 2) * sizeof(QkDictEntry);
}
_Static_assert(sizeof(((QkDict *)0)->small) == QK_DICT_SMALL_INDICES * sizeof(int32_t) +
                                                    QK_DICT_SMALL_INDICES / 2 * sizeof(QkDictEntry),
               "the inline table holds the smallest table");
/* Positions are 32-bit: a table stops growing there (2**30 entries, 24 GiB of them). */
#define MAX_INDICES ((int64_t)1 << 31)

/* Frees a table of the dict's of nindices indices, unless it is the inline one. */
static void table_free(QkDict *d, int32_t *indices, int64_t nindices) {
    if (indices != (int32_t *)d->small) {
        qk_storage_free(indices, table_bytes(nindices));
    }
}

/* Points the dict at a table of nindices indices, emptied. */
static void table_use(QkDict *d, int32_t *indices, int64_t nindices) {
    memset(indices, 0xff, (size_t)nindices * sizeof *indices);
    d->indices = indices;
    d->entries = (QkDictEntry *)(indices + nindices);
    d->nindices = nindices;
    d->capacity = nindices / 2;
    d->nentries = 0;
    d->memo_key = QK_NULL;
}

static void dict_finalize(QkObject *self) {
    QkDict *d = (QkDict *)self;
    table_free(d, d->indices, d->nindices);
}

QkValue qk_dict_new(QkThread *tstate) {
    QkDict *d = (QkDict *)qk_alloc_as(tstate, &qk_dict_type, sizeof(QkDict), 1);
    if (d != NULL) {
        table_use(d, (int32_t *)d->small, QK_DICT_SMALL_INDICES);
    }
    return (QkValue)d;
}

/* Rebuilds the table for at least `used` live entries plus room to grow, dropping tombstones. A
 * dict whose malloc'd table shrinks back to the smallest goes back to its inline one. */
static int dict_resize(QkThread *tstate, QkDict *d) {
    int64_t nindices = QK_DICT_SMALL_INDICES;
    while (nindices < d->used * 3 && nindices < MAX_INDICES) {
        nindices *= 2;
    }
    int32_t *old_indices = d->indices, *small = (int32_t *)d->small;
    int64_t old_nentries = d->nentries, old_nindices = d->nindices;
    QkDictEntry *old_entries = d->entries;
    bool inline_table = nindices == QK_DICT_SMALL_INDICES && old_indices != small;
    int32_t *indices = inline_table                ? small
                       : d->used >= MAX_INDICES / 2 ? NULL
                                                    : qk_storage_alloc(table_bytes(nindices));
    if (indices == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        return -1;
    }
    table_use(d, indices, nindices);
    uint64_t mask = (uint64_t)nindices - 1;
    for (int64_t ix = 0; ix < old_nentries; ix++) {
        if (old_entries[ix].key == QK_NULL) {
            continue;
        }
        uint64_t i = (uint64_t)old_entries[ix].hash & mask;
        while (d->indices[i] >= 0) {
            i = (i + 1) & mask;
        }
        d->indices[i] = (int32_t)d->nentries;
        d->entries[d->nentries++] = old_entries[ix];
    }
    table_free(d, old_indices, old_nindices);
    return 0;
}

/* How a probe compares keys. */
typedef enum {
    /* Key is an exact str (names: qk_dict_get, qk_dict_set): no other key can be equal, and
     * nothing runs code. */
    PROBE_STR,
    /* Only as far as comparisons that run no code decide: at a key only the protocol can compare
     * (it may run __eq__), the probe stops, undecided. It then calls nothing but a str comparison,
     * so the lookups it serves keep a small frame. */
    PROBE_PLAIN,
    /* With the protocol where it must. */
    PROBE_PROTOCOL,
} ProbeKind;

#define PROBE_UNDECIDED (-3)

/* Finds key: the entry position (>= 0), -1 absent, -2 error, or PROBE_UNDECIDED. *slot gets the
 * empty index slot where it would be inserted. Comparisons may run Python code that changes the
 * dict: the probe then starts again. Inline with `kind` a constant. */
static inline __attribute__((always_inline)) int64_t probe(QkThread *tstate, QkDict *d,
                                                           QkValue key, int64_t hash,
                                                           uint64_t *slot, ProbeKind kind) {
restart:;
    uint64_t mask = (uint64_t)d->nindices - 1;
    for (uint64_t i = (uint64_t)hash & mask;; i = (i + 1) & mask) {
        int64_t ix = d->indices[i];
        if (ix < 0) {
            *slot = i;
            return -1;
        }
        QkValue k = d->entries[ix].key;
        if (k == QK_NULL || d->entries[ix].hash != hash) {
            continue;
        }
        int eq = kind == PROBE_STR ? qk_equal_plain(k, key) : qk_equal_key_plain(k, key);
        if (eq < 0 && kind == PROBE_PLAIN) {
            return PROBE_UNDECIDED;
        }
        if (eq < 0 && kind == PROBE_PROTOCOL) {
            QkDictEntry *entries = d->entries;
            eq = qk_equal_values(tstate, k, key);
            if (eq < 0) {
                return -2;
            }
            if (d->entries != entries || d->entries[ix].key != k) {
                goto restart;
            }
        }
        if (eq == 1) {
            return ix;
        }
    }
}

static __attribute__((noinline)) int64_t probe_protocol(QkThread *tstate, QkDict *d, QkValue key,
                                                        int64_t hash, uint64_t *slot) {
    return probe(tstate, d, key, hash, slot, PROBE_PROTOCOL);
}

/* Keys whose hash never changes: looked up again by identity, with no change to the table
 * between and no code run by the first lookup, they find what they found. */
static bool memo_kind(QkValue key) {
    return qk_is_int(key) || qk_is_type(key, &qk_str_type) ||
           (qk_is_type(key, &qk_tuple_type) && qk_as_tuple(key)->hash != 0);
}

/* Finds key: the entry position (>= 0), -1 absent (*slot: where it would go), -2 error. */
static int64_t dict_lookup(QkThread *tstate, QkDict *d, QkValue key, int64_t hash, uint64_t *slot) {
    if (key == d->memo_key) {
        *slot = d->memo_slot;
        return d->memo_ix;
    }
    *slot = 0;
    int64_t ix = probe(tstate, d, key, hash, slot, PROBE_PLAIN);
    if (ix == PROBE_UNDECIDED) {
        return probe_protocol(tstate, d, key, hash, slot);
    }
    if (memo_kind(key)) {
        d->memo_key = key;
        d->memo_ix = (int32_t)ix;
        d->memo_slot = (uint32_t)*slot;
    }
    return ix;
}

static int64_t dict_lookup_str(QkDict *d, QkValue key, int64_t hash, uint64_t *slot) {
    return probe(NULL, d, key, hash, slot, PROBE_STR);
}

void qk_dict_watch(QkValue dict, QkValue name) {
    ((QkDict *)dict)->watched |= qk_watch_bits(qk_str_hash(name));
}

/* Every change to a key goes through here first: traces that rely on it are invalidated. */
static void key_changes(QkThread *tstate, QkDict *d, int64_t hash) {
    uint64_t bits = qk_watch_bits((uint64_t)hash);
    if ((d->watched & bits) == bits) {
        d->rebound |= bits;
        qk_dict_watched_changed(tstate, d, (uint64_t)hash);
    }
}

/* Inserts a key known to be absent. */
static int dict_insert(QkThread *tstate, QkDict *d, QkValue key, int64_t hash, QkValue value,
                       uint64_t slot) {
    key_changes(tstate, d, hash);
    d->memo_key = QK_NULL;
    if (d->nentries >= d->capacity) {
        if (dict_resize(tstate, d) < 0) {
            return -1;
        }
        uint64_t mask = (uint64_t)d->nindices - 1;
        slot = (uint64_t)hash & mask;
        while (d->indices[slot] >= 0) {
            slot = (slot + 1) & mask;
        }
    }
    d->indices[slot] = (int32_t)d->nentries;
    d->entries[d->nentries++] = (QkDictEntry){hash, key, value};
    d->used++;
    return 0;
}

/* ---- str-keyed access (namespaces): cannot fail except for memory ---- */

QkValue qk_dict_get(QkValue dict, QkValue key) {
    uint64_t slot;
    int64_t ix = dict_lookup_str((QkDict *)dict, key, (int64_t)qk_str_hash(key), &slot);
    return ix < 0 ? QK_NULL : ((QkDict *)dict)->entries[ix].value;
}

int64_t qk_dict_index(QkValue dict, QkValue key) {
    uint64_t slot;
    int64_t ix = dict_lookup_str((QkDict *)dict, key, (int64_t)qk_str_hash(key), &slot);
    return ix < 0 ? -1 : ix;
}

int qk_dict_set(QkThread *tstate, QkValue dict, QkValue key, QkValue value) {
    QkDict *d = (QkDict *)dict;
    int64_t hash = (int64_t)qk_str_hash(key);
    uint64_t slot;
    int64_t ix = dict_lookup_str(d, key, hash, &slot);
    if (ix >= 0) {
        key_changes(tstate, d, hash);
        d->entries[ix].value = value;
        return 0;
    }
    return dict_insert(tstate, d, key, hash, value, slot);
}

/* ---- any hashable key ---- */

QkValue qk_key_error(QkThread *tstate, QkValue key) {
    /* KeyError(key): its str is the key's repr. The key is often a fresh value: rooted here. */
    qk_root_push(tstate, &key);
    QkValue args = qk_tuple_from_array(tstate, &key, 1);
    qk_root_pop(tstate, 1);
    QkValue exc = args == QK_NULL ? QK_NULL : qk_exception_new(tstate, &qk_exc_KeyError, args);
    if (exc != QK_NULL) {
        tstate->exception = exc;
    }
    return QK_NULL;
}

int qk_dict_getitem(QkThread *tstate, QkValue dict, QkValue key, QkValue *out) {
    int64_t hash;
    if (qk_hash(tstate, key, &hash) < 0) {
        return -1;
    }
    uint64_t slot;
    int64_t ix = dict_lookup(tstate, (QkDict *)dict, key, hash, &slot);
    if (ix < 0) {
        return ix == -1 ? 0 : -1;
    }
    *out = ((QkDict *)dict)->entries[ix].value;
    return 1;
}

int qk_dict_setitem(QkThread *tstate, QkValue dict, QkValue key, QkValue value) {
    int64_t hash;
    if (qk_hash(tstate, key, &hash) < 0) {
        return -1;
    }
    QkDict *d = (QkDict *)dict;
    uint64_t slot;
    int64_t ix = dict_lookup(tstate, d, key, hash, &slot);
    if (ix == -2) {
        return -1;
    }
    if (ix >= 0) {
        key_changes(tstate, d, hash);
        d->entries[ix].value = value;
        return 0;
    }
    return dict_insert(tstate, d, key, hash, value, slot);
}

int qk_dict_delitem(QkThread *tstate, QkValue dict, QkValue key, QkValue *out) {
    int64_t hash;
    if (qk_hash(tstate, key, &hash) < 0) {
        return -1;
    }
    QkDict *d = (QkDict *)dict;
    uint64_t slot;
    int64_t ix = dict_lookup(tstate, d, key, hash, &slot);
    if (ix < 0) {
        return ix == -1 ? 0 : -1;
    }
    if (out != NULL) {
        *out = d->entries[ix].value;
    }
    key_changes(tstate, d, hash);
    d->entries[ix] = (QkDictEntry){0, QK_NULL, QK_NULL};
    d->memo_key = QK_NULL;
    d->used--;
    return 1;
}

bool qk_dict_next(QkValue dict, int64_t *pos, QkValue *key, QkValue *value) {
    QkDict *d = (QkDict *)dict;
    while (*pos < d->nentries) {
        QkDictEntry *e = &d->entries[(*pos)++];
        if (e->key != QK_NULL) {
            *key = e->key;
            *value = e->value;
            return true;
        }
    }
    return false;
}

QkValue qk_dict_copy(QkThread *tstate, QkValue dict) {
    QkValue copy = qk_dict_new(tstate);
    if (copy == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &copy);
    int failed = qk_dict_update(tstate, copy, dict);
    qk_root_pop(tstate, 1);
    return failed ? QK_NULL : copy;
}

/* ---- building and merging ---- */

QkValue qk_dict_from_pairs(QkThread *tstate, QkValue *pairs, int64_t npairs) {
    QkValue d = qk_dict_new(tstate);
    if (d == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &d);
    for (int64_t i = 0; i < npairs; i++) {
        if (qk_dict_setitem(tstate, d, pairs[2 * i], pairs[2 * i + 1]) < 0) {
            d = QK_NULL;
            break;
        }
    }
    qk_root_pop(tstate, 1);
    return d;
}

/* Copies update's entries into dict; `callable` set: a repeated key is an error naming it. */
static int dict_merge(QkThread *tstate, QkValue dict, QkValue update, const char *callable) {
    int64_t pos = 0;
    QkValue k, v;
    while (qk_dict_next(update, &pos, &k, &v)) {
        if (callable != NULL) {
            QkValue existing;
            int found = qk_dict_getitem(tstate, dict, k, &existing);
            if (found != 0) {
                if (found > 0) {
                    qk_raise(tstate, &qk_exc_TypeError,
                             "%s got multiple values for keyword argument '%s'", callable,
                             qk_is_str(k) ? qk_as_str(k)->data : "?");
                }
                return -1;
            }
        }
        if (qk_dict_setitem(tstate, dict, k, v) < 0) {
            return -1;
        }
    }
    return 0;
}

static int dict_update_from(QkThread *tstate, QkValue dict, QkValue source);

int qk_dict_update(QkThread *tstate, QkValue dict, QkValue update) {
    if (!qk_is_dict(update)) {
        qk_raise(tstate, &qk_exc_TypeError, "'%s' object is not a mapping", qk_type_name(update));
        return -1;
    }
    return dict_update_from(tstate, dict, update);
}

int qk_dict_merge(QkThread *tstate, QkValue callable, QkValue dict, QkValue update) {
    char name[320];
    qk_function_str(callable, name, sizeof name);
    if (!qk_is_dict(update)) {
        qk_raise(tstate, &qk_exc_TypeError, "%s argument after ** must be a mapping, not %s",
                 name, qk_type_name(update));
        return -1;
    }
    return dict_merge(tstate, dict, update, name);
}

/* dict.update(m) and dict(m) for a mapping that is not a dict: what m.keys() gives, each with
 * m[key]. */
static int dict_update_from_keys(QkThread *tstate, QkValue dict, QkValue source, QkValue keys) {
    QkValue key = QK_NULL, value = QK_NULL;
    qk_root_push(tstate, &keys);
    qk_root_push(tstate, &key);
    qk_root_push(tstate, &value);
    keys = qk_call(tstate, keys, NULL, 0, QK_NULL);
    keys = keys == QK_NULL ? QK_NULL : qk_list_collect(tstate, keys);
    int failed = keys == QK_NULL;
    for (int64_t i = 0; !failed && i < qk_as_list(keys)->size; i++) {
        key = qk_as_list(keys)->items[i];
        value = qk_getitem(tstate, source, key);
        failed = value == QK_NULL || qk_dict_setitem(tstate, dict, key, value) < 0;
    }
    qk_root_pop(tstate, 3);
    return failed ? -1 : 0;
}

/* dict.update(x) and dict(x): a dict, a mapping (it has keys()), or an iterable of key/value
 * pairs. */
static int dict_update_from(QkThread *tstate, QkValue dict, QkValue source) {
    /* A dict's entries as they are, unless its class iterates otherwise (CPython's test). */
    if (qk_is_dict(source) && qk_type_of(source)->iter == qk_dict_type.iter) {
        return dict_merge(tstate, dict, source, NULL);
    }
    QkValue keys;
    int found = qk_lookup_attr(tstate, source, QK_NAME(keys), &keys);
    if (found != 0) {
        return found < 0 ? -1 : dict_update_from_keys(tstate, dict, source, keys);
    }
    QkValue items = qk_list_collect(tstate, source);
    if (items == QK_NULL) {
        return -1;
    }
    qk_root_push(tstate, &items);
    int failed = 0;
    for (int64_t i = 0; !failed && i < qk_as_list(items)->size; i++) {
        QkValue pair = qk_as_list(items)->items[i], *kv;
        int64_t n;
        if (!qk_sequence_items(pair, &kv, &n)) {
            qk_raise(tstate, &qk_exc_TypeError,
                     "cannot convert dictionary update sequence element #%" PRId64
                     " to a sequence",
                     i);
            failed = -1;
        } else if (n != 2) {
            qk_raise(tstate, &qk_exc_ValueError,
                     "dictionary update sequence element #%" PRId64 " has length %" PRId64
                     "; 2 is required",
                     i, n);
            failed = -1;
        } else {
            failed = qk_dict_setitem(tstate, dict, kv[0], kv[1]);
        }
    }
    qk_root_pop(tstate, 1);
    return failed;
}

/* Applies keyword arguments (name=value) to dict. */
static int dict_update_kwargs(QkThread *tstate, QkValue dict, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    size_t nkw = qk_nkwargs(kwnames);
    for (size_t k = 0; k < nkw; k++) {
        if (qk_dict_setitem(tstate, dict, qk_as_tuple(kwnames)->items[k], args[nargs - nkw + k]) <
            0) {
            return -1;
        }
    }
    return 0;
}

/* ---- slots ---- */

static QkValue dict_repr(QkThread *tstate, QkValue self) {
    int entered = qk_repr_enter(tstate, self);
    if (entered != 0) {
        return entered < 0 ? QK_NULL : qk_str_from_cstr(tstate, "{...}");
    }
    QkBuf b = {0};
    int failed = qk_buf_putc(tstate, &b, '{');
    int64_t pos = 0;
    QkValue k, v;
    for (bool first = true; !failed && qk_dict_next(self, &pos, &k, &v); first = false) {
        /* The value is held in the dict; keep it reachable while the key's repr runs. */
        qk_root_push(tstate, &v);
        failed = (!first && qk_buf_append(tstate, &b, ", ", 2) < 0) ||
                 qk_buf_repr(tstate, &b, k) < 0 || qk_buf_append(tstate, &b, ": ", 2) < 0 ||
                 qk_buf_repr(tstate, &b, v) < 0;
        qk_root_pop(tstate, 1);
    }
    qk_repr_leave(self);
    if (failed || qk_buf_putc(tstate, &b, '}') < 0) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

static QkValue dict_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    if (!qk_is_dict(rhs) || (op != QK_COMPARE_OP_EQ && op != QK_COMPARE_OP_NE)) {
        return QK_NOT_IMPLEMENTED;
    }
    bool equal = ((QkDict *)lhs)->used == ((QkDict *)rhs)->used;
    int64_t pos = 0;
    QkValue k, v;
    while (equal && qk_dict_next(lhs, &pos, &k, &v)) {
        QkValue other;
        qk_root_push(tstate, &k);
        qk_root_push(tstate, &v);
        int found = qk_dict_getitem(tstate, rhs, k, &other);
        int eq = found > 0 ? qk_equal(tstate, v, other) : found;
        qk_root_pop(tstate, 2);
        if (eq < 0) {
            return QK_NULL;
        }
        equal = eq;
    }
    return qk_bool(equal == (op == QK_COMPARE_OP_EQ));
}

static int dict_update_from(QkThread *tstate, QkValue dict, QkValue source);

/* d1 | d2: a merged copy; d1 |= x updates d1 (from a dict or pairs). */
static QkValue dict_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    if (op == QK_BINARY_OP_INPLACE_OR && qk_is_dict(lhs)) {
        return dict_update_from(tstate, lhs, rhs) < 0 ? QK_NULL : lhs;
    }
    if (op != QK_BINARY_OP_OR || !qk_is_dict(lhs) || !qk_is_dict(rhs)) {
        return QK_NOT_IMPLEMENTED;
    }
    QkValue r = qk_dict_copy(tstate, lhs);
    if (r == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &r);
    int failed = dict_merge(tstate, r, rhs, NULL);
    qk_root_pop(tstate, 1);
    return failed ? QK_NULL : r;
}

static int64_t dict_len(QkThread *tstate, QkValue self) {
    (void)tstate;
    return ((QkDict *)self)->used;
}

/* d[key]. In an instance of a class derived from dict, a missing key is the class's
 * __missing__(key), if it has one, as in CPython. */
static QkValue dict_getitem(QkThread *tstate, QkValue self, QkValue key) {
    QkValue v;
    int found = qk_dict_getitem(tstate, self, key, &v);
    if (found != 0) {
        return found > 0 ? v : QK_NULL;
    }
    QkValue missing = qk_is_type(self, &qk_dict_type)
                          ? QK_NULL
                          : qk_type_lookup(qk_type_of(self), QK_NAME(missing));
    return missing != QK_NULL ? qk_call_with_self(tstate, missing, self, &key, 1, QK_NULL)
                              : qk_key_error(tstate, key);
}

static int dict_setitem(QkThread *tstate, QkValue self, QkValue key, QkValue value) {
    if (value != QK_NULL) {
        return qk_dict_setitem(tstate, self, key, value);
    }
    int found = qk_dict_delitem(tstate, self, key, NULL);
    if (found == 0) {
        qk_key_error(tstate, key);
    }
    return found > 0 ? 0 : -1;
}

static int dict_contains(QkThread *tstate, QkValue self, QkValue key) {
    QkValue v;
    return qk_dict_getitem(tstate, self, key, &v);
}

static QkValue dict_iter(QkThread *tstate, QkValue self) { return qk_dict_iter_new(tstate, self, 0); }

/* dict.__init__(mapping_or_pairs=(), **kwargs): dict() itself, and what a subclass's
 * __init__ calls up to. */
static QkValue dict_init(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    size_t npos = nargs - qk_nkwargs(kwnames);
    if (npos > 1) {
        return qk_raise(tstate, &qk_exc_TypeError, "dict expected at most 1 argument, got %zu",
                        npos);
    }
    return (npos == 1 && dict_update_from(tstate, self, args[0]) < 0) ||
                   dict_update_kwargs(tstate, self, args, nargs, kwnames) < 0
               ? QK_NULL
               : QK_NONE;
}

static QkValue dict_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    (void)type;
    QkValue d = qk_dict_new(tstate);
    if (d == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &d);
    if (dict_init(tstate, d, args, nargs, kwnames) == QK_NULL) {
        d = QK_NULL;
    }
    qk_root_pop(tstate, 1);
    return d;
}

/* ---- methods ---- */

static QkValue dict_get(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                        QkValue kwnames) {
    if (qk_check_args(tstate, "get", nargs, kwnames, 1, 2) < 0) {
        return QK_NULL;
    }
    QkValue v;
    int found = qk_dict_getitem(tstate, self, args[0], &v);
    return found > 0 ? v : found < 0 ? QK_NULL : nargs > 1 ? args[1] : QK_NONE;
}

static QkValue dict_setdefault(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    if (qk_check_args(tstate, "setdefault", nargs, kwnames, 1, 2) < 0) {
        return QK_NULL;
    }
    QkValue v;
    int found = qk_dict_getitem(tstate, self, args[0], &v);
    if (found != 0) {
        return found > 0 ? v : QK_NULL;
    }
    v = nargs > 1 ? args[1] : QK_NONE;
    return qk_dict_setitem(tstate, self, args[0], v) < 0 ? QK_NULL : v;
}

static QkValue dict_pop(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                        QkValue kwnames) {
    if (qk_check_args(tstate, "pop", nargs, kwnames, 1, 2) < 0) {
        return QK_NULL;
    }
    QkValue v;
    int found = qk_dict_delitem(tstate, self, args[0], &v);
    if (found != 0) {
        return found > 0 ? v : QK_NULL;
    }
    return nargs > 1 ? args[1] : qk_key_error(tstate, args[0]);
}

static QkValue dict_popitem(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "popitem", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkDict *d = (QkDict *)self;
    int64_t ix = d->nentries - 1;
    while (ix >= 0 && d->entries[ix].key == QK_NULL) {
        ix--;
    }
    if (ix < 0) {
        return qk_raise(tstate, &qk_exc_KeyError, "popitem(): dictionary is empty");
    }
    QkValue pair = qk_tuple_from_array(tstate, &d->entries[ix].key, 2);
    if (pair != QK_NULL) {
        key_changes(tstate, d, d->entries[ix].hash);
        d->entries[ix] = (QkDictEntry){0, QK_NULL, QK_NULL};
        d->memo_key = QK_NULL;
        d->used--;
        d->nentries = ix;
    }
    return pair;
}

static QkValue dict_view(QkThread *tstate, const char *fname, int which, QkValue self,
                         size_t nargs, QkValue kwnames) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    return qk_dict_view_new(tstate, self, which);
}

static QkValue dict_keys(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    (void)args;
    return dict_view(tstate, "keys", 0, self, nargs, kwnames);
}

static QkValue dict_values(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)args;
    return dict_view(tstate, "values", 1, self, nargs, kwnames);
}

static QkValue dict_items(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    (void)args;
    return dict_view(tstate, "items", 2, self, nargs, kwnames);
}

static QkValue dict_update_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                  QkValue kwnames) {
    size_t npos = nargs - qk_nkwargs(kwnames);
    if (npos > 1) {
        return qk_raise(tstate, &qk_exc_TypeError, "update expected at most 1 argument, got %zu",
                        npos);
    }
    if ((npos == 1 && dict_update_from(tstate, self, args[0]) < 0) ||
        dict_update_kwargs(tstate, self, args, nargs, kwnames) < 0) {
        return QK_NULL;
    }
    return QK_NONE;
}

static QkValue dict_copy_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "dict.copy", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    return qk_dict_copy(tstate, self);
}

static QkValue dict_clear(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "dict.clear", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkDict *d = (QkDict *)self;
    if (d->watched != 0) {
        d->rebound |= d->watched;
        qk_dict_watched_changed(tstate, d, QK_ANY_KEY);
    }
    table_free(d, d->indices, d->nindices);
    d->used = 0;
    d->watched = 0;
    table_use(d, (int32_t *)d->small, QK_DICT_SMALL_INDICES);
    return QK_NONE;
}

/* dict.fromkeys(iterable, value=None): args[0] is the class, called for the new mapping so a
 * subclass gets an instance of itself. */
static QkValue dict_fromkeys(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    (void)self;
    if (qk_nkwargs(kwnames) > 0) {
        return qk_raise(tstate, &qk_exc_TypeError, "dict.fromkeys() takes no keyword arguments");
    }
    if (qk_check_args(tstate, "fromkeys", nargs - 1, QK_NULL, 1, 2) < 0) {
        return QK_NULL;
    }
    QkValue value = nargs > 2 ? args[2] : QK_NONE;
    QkValue d = QK_NULL, it = QK_NULL;
    qk_root_push(tstate, &d);
    qk_root_push(tstate, &it);
    d = qk_call(tstate, args[0], NULL, 0, QK_NULL);
    it = d == QK_NULL ? QK_NULL : qk_get_iter(tstate, args[1]);
    for (QkValue key; it != QK_NULL && (key = qk_iter_next(tstate, it)) != QK_NULL;) {
        if (qk_setitem(tstate, d, key, value) < 0) {
            break;
        }
    }
    QkValue r = qk_error_occurred(tstate) ? QK_NULL : d;
    qk_root_pop(tstate, 2);
    return r;
}

static const QkMethodDef dict_classmethods[] = {
    {"fromkeys", dict_fromkeys},
    {NULL, NULL},
};

static const QkMethodDef dict_methods[] = {
    {"__init__", dict_init}, {"get", dict_get},       {"keys", dict_keys},
    {"values", dict_values}, {"items", dict_items},
    {"pop", dict_pop},       {"popitem", dict_popitem},
    {"setdefault", dict_setdefault}, {"update", dict_update_method},
    {"copy", dict_copy_method},      {"clear", dict_clear},
    {NULL, NULL},
};

QkType qk_dict_type = {
    QK_STATIC_TYPE,
    .name = "dict",
    .flags = QK_TYPE_BASETYPE,
    .instance_size = sizeof(QkDict),
    .traverse = dict_traverse,
    .finalize = dict_finalize,
    .repr = dict_repr,
    .hash = qk_hash_unhashable,
    .compare = dict_compare,
    .number = dict_number,
    .len = dict_len,
    .getitem = dict_getitem,
    .setitem = dict_setitem,
    .contains = dict_contains,
    .iter = dict_iter,
    .construct = dict_construct,
    .methods = dict_methods,
    .classmethods = dict_classmethods,
};
