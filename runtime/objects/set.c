/* set: CPython's open-addressing table, reproduced (linear probes then perturbation, the same
 * fill and resize rules) so that iteration order, and so what a program prints, matches CPython
 * for keys with deterministic hashes such as ints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin_subclass.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "storage.h"
#include "types.h"

#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5
#define SET_MIN_SIZE 8

/* Empty: key QK_NULL and hash 0. Deleted (a dummy): key QK_NULL and hash -1, which no live key
 * has (hashes are never -1). */
typedef struct SetEntry {
    QkValue key;
    int64_t hash;
} SetEntry;

/* A set of up to five items keeps its table in its own cell (`small`, as CPython's smalltable),
 * so making one calls no malloc; a larger table is malloc'd. */
typedef struct QkSet {
    QkObject ob;
    int64_t fill; /* live + dummy entries */
    int64_t used; /* live entries */
    uint64_t mask;
    int64_t finger; /* where pop() searches from */
    SetEntry *table;
    SetEntry small[SET_MIN_SIZE];
} QkSet;

static QkSet *as_set(QkValue v) { return (QkSet *)v; }
static bool is_dummy(const SetEntry *e) { return e->key == QK_NULL && e->hash == -1; }

static void set_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkSet *s = (QkSet *)self;
    for (uint64_t i = 0; s->table != NULL && i <= s->mask; i++) {
        visit(s->table[i].key, arg);
    }
}

static void free_table(QkSet *s) {
    if (s->table != s->small) {
        qk_storage_free(s->table, (s->mask + 1) * sizeof *s->table);
    }
}

static void set_finalize(QkObject *self) { free_table((QkSet *)self); }

/* Empty, on the small table (the cell is zeroed: so is `small`). */
static void use_small_table(QkSet *s) {
    s->table = s->small;
    s->mask = SET_MIN_SIZE - 1;
    s->fill = s->used = 0;
}

QkValue qk_set_new(QkThread *tstate) {
    QkSet *s = (QkSet *)qk_alloc_as(tstate, &qk_set_type, sizeof *s, 1);
    if (s == NULL) {
        return QK_NULL;
    }
    use_small_table(s);
    return (QkValue)s;
}

static void insert_clean(SetEntry *table, uint64_t mask, QkValue key, int64_t hash) {
    uint64_t perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
    for (;;) {
        SetEntry *e = &table[i];
        if (e->key == QK_NULL) {
            *e = (SetEntry){key, hash};
            return;
        }
        if (i + LINEAR_PROBES <= mask) {
            for (int j = 0; j < LINEAR_PROBES; j++) {
                e++;
                if (e->key == QK_NULL) {
                    *e = (SetEntry){key, hash};
                    return;
                }
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

static int set_resize(QkThread *tstate, QkSet *s, int64_t minused) {
    uint64_t size = SET_MIN_SIZE;
    while (size <= (uint64_t)minused) {
        size <<= 1;
    }
    SetEntry old_small[SET_MIN_SIZE], *old = s->table, *table = s->small;
    uint64_t old_mask = s->mask;
    if (size > SET_MIN_SIZE) {
        table = qk_storage_calloc(size * sizeof *table);
        if (table == NULL) {
            qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
            return -1;
        }
    } else {
        /* Onto the small table, which may be the one being rehashed (to clear its dummies). */
        if (old == s->small) {
            memcpy(old_small, old, sizeof old_small);
            old = old_small;
        }
        memset(s->small, 0, sizeof s->small);
    }
    for (uint64_t i = 0; i <= old_mask; i++) {
        if (old[i].key != QK_NULL) {
            insert_clean(table, size - 1, old[i].key, old[i].hash);
        }
    }
    if (s->table != table) {
        free_table(s);
    }
    s->table = table;
    s->mask = size - 1;
    s->fill = s->used;
    return 0;
}

#define PROBE_UNDECIDED 2

/* The entry holding key (NULL if absent) or, for insertion, where it goes (*slot): the first
 * dummy passed, else the empty entry that ended the probe. Returns 1 found, 0 absent, -1
 * error. A comparison that changes the set restarts the probe. Without `protocol` (a constant),
 * it stops at a key only the protocol can compare (it may run __eq__), PROBE_UNDECIDED, and calls
 * nothing but a str comparison: the lookups it serves keep a small frame. */
static inline __attribute__((always_inline)) int probe(QkThread *tstate, QkSet *s, QkValue key,
                                                       int64_t hash, SetEntry **found,
                                                       SetEntry **slot, bool protocol) {
restart:;
    uint64_t mask = s->mask, i = (uint64_t)hash & mask, perturb = (uint64_t)hash;
    SetEntry *table = s->table, *freeslot = NULL;
    for (;;) {
        SetEntry *e = &table[i];
        int probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
        do {
            QkValue k = e->key;
            if (k == QK_NULL) {
                if (e->hash == 0) {
                    *slot = freeslot != NULL ? freeslot : e;
                    return 0;
                }
                if (freeslot == NULL) {
                    freeslot = e;
                }
            } else if (e->hash == hash) {
                int eq = qk_equal_key_plain(k, key);
                if (eq < 0 && !protocol) {
                    return PROBE_UNDECIDED;
                }
                if (eq < 0) {
                    eq = qk_equal_values(tstate, k, key);
                    if (eq < 0) {
                        return -1;
                    }
                    if (table != s->table || e->key != k) {
                        goto restart;
                    }
                }
                if (eq) {
                    *found = e;
                    return 1;
                }
            }
            e++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

static __attribute__((noinline)) int set_probe_protocol(QkThread *tstate, QkSet *s, QkValue key,
                                                         int64_t hash, SetEntry **found,
                                                         SetEntry **slot) {
    return probe(tstate, s, key, hash, found, slot, true);
}

/* The probe past the first entry: plainly, then with the protocol if it must. */
static __attribute__((noinline)) int set_probe(QkThread *tstate, QkSet *s, QkValue key,
                                                int64_t hash, SetEntry **found, SetEntry **slot) {
    int r = probe(tstate, s, key, hash, found, slot, false);
    return r != PROBE_UNDECIDED ? r : set_probe_protocol(tstate, s, key, hash, found, slot);
}

/* set_probe, with the common first entry (the key itself, or empty) decided without a call:
 * inline in each caller, set_probe out of line (clang outlined the two together, a call for
 * every lookup). */
static inline __attribute__((always_inline)) int set_lookup(QkThread *tstate, QkSet *s,
                                                            QkValue key, int64_t hash,
                                                            SetEntry **found, SetEntry **slot) {
    SetEntry *e = &s->table[(uint64_t)hash & s->mask];
    if (e->key == key && e->hash == hash) {
        *found = e;
        return 1;
    }
    if (e->key == QK_NULL && e->hash == 0) {
        *slot = e;
        return 0;
    }
    return set_probe(tstate, s, key, hash, found, slot);
}

static int set_add_hashed(QkThread *tstate, QkSet *s, QkValue key, int64_t hash) {
    SetEntry *found, *slot;
    int r = set_lookup(tstate, s, key, hash, &found, &slot);
    if (r != 0) {
        return r < 0 ? -1 : 0;
    }
    bool reuses_dummy = is_dummy(slot);
    *slot = (SetEntry){key, hash};
    s->used++;
    if (reuses_dummy) {
        return 0;
    }
    s->fill++;
    if ((uint64_t)s->fill * 5 < s->mask * 3) {
        return 0;
    }
    return set_resize(tstate, s, s->used > 50000 ? s->used * 2 : s->used * 4);
}

int qk_set_add(QkThread *tstate, QkValue set, QkValue value) {
    int64_t hash;
    if (qk_hash(tstate, value, &hash) < 0) {
        return -1;
    }
    return set_add_hashed(tstate, as_set(set), value, hash);
}

int qk_set_contains(QkThread *tstate, QkValue set, QkValue key) {
    int64_t hash;
    if (qk_hash(tstate, key, &hash) < 0) {
        return -1;
    }
    SetEntry *found, *slot;
    return set_lookup(tstate, as_set(set), key, hash, &found, &slot);
}

/* 1 removed, 0 absent, -1 error. */
static int set_discard(QkThread *tstate, QkSet *s, QkValue key) {
    int64_t hash;
    if (qk_hash(tstate, key, &hash) < 0) {
        return -1;
    }
    SetEntry *found, *slot;
    int r = set_lookup(tstate, s, key, hash, &found, &slot);
    if (r > 0) {
        *found = (SetEntry){QK_NULL, -1};
        s->used--;
    }
    return r;
}

bool qk_set_next(QkValue set, int64_t *pos, QkValue *key) {
    QkSet *s = as_set(set);
    while ((uint64_t)*pos <= s->mask) {
        SetEntry *e = &s->table[(*pos)++];
        if (e->key != QK_NULL) {
            *key = e->key;
            return true;
        }
    }
    return false;
}

/* Adds other's entries (CPython's set_merge: a copy into an empty table keeps the layout). */
static int set_merge(QkThread *tstate, QkSet *s, QkSet *other) {
    if (s == other || other->used == 0) {
        return 0;
    }
    if ((uint64_t)(s->fill + other->used) * 5 >= s->mask * 3 &&
        set_resize(tstate, s, (s->used + other->used) * 2) < 0) {
        return -1;
    }
    if (s->fill == 0 && s->mask == other->mask && other->fill == other->used) {
        memcpy(s->table, other->table, (other->mask + 1) * sizeof *s->table);
        s->fill = other->fill;
        s->used = other->used;
        return 0;
    }
    if (s->fill == 0) {
        for (uint64_t i = 0; i <= other->mask; i++) {
            if (other->table[i].key != QK_NULL) {
                insert_clean(s->table, s->mask, other->table[i].key, other->table[i].hash);
            }
        }
        s->fill = s->used = other->used;
        return 0;
    }
    for (uint64_t i = 0; i <= other->mask; i++) {
        SetEntry e = other->table[i];
        if (e.key != QK_NULL && set_add_hashed(tstate, s, e.key, e.hash) < 0) {
            return -1;
        }
    }
    return 0;
}

int qk_set_update(QkThread *tstate, QkValue set, QkValue iterable) {
    if (qk_is_anyset(iterable)) {
        return set_merge(tstate, as_set(set), as_set(iterable));
    }
    if (qk_is_dict(iterable)) {
        int64_t pos = 0;
        QkValue k, v;
        while (qk_dict_next(iterable, &pos, &k, &v)) {
            if (qk_set_add(tstate, set, k) < 0) {
                return -1;
            }
        }
        return 0;
    }
    return qk_for_each(tstate, iterable, qk_set_add, set);
}

QkValue qk_set_from_iterable(QkThread *tstate, QkValue iterable) {
    QkValue s = qk_set_new(tstate);
    if (s == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &s);
    if (iterable != QK_NULL && qk_set_update(tstate, s, iterable) < 0) {
        s = QK_NULL;
    }
    qk_root_pop(tstate, 1);
    return s;
}

QkValue qk_set_from_array(QkThread *tstate, QkValue *values, int64_t n) {
    QkValue s = qk_set_new(tstate);
    if (s == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &s);
    for (int64_t i = 0; i < n; i++) {
        if (qk_set_add(tstate, s, values[i]) < 0) {
            s = QK_NULL;
            break;
        }
    }
    qk_root_pop(tstate, 1);
    return s;
}

/* ---- operators, in CPython's iteration orders ---- */

/* Items of `from` that are (keep) or are not (!keep) in `in`, added to a new set. */
static QkValue set_filter(QkThread *tstate, QkValue from, QkValue in, bool keep) {
    QkValue r = qk_set_new(tstate);
    if (r == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &r);
    QkSet *f = as_set(from);
    for (uint64_t i = 0; i <= f->mask; i++) {
        SetEntry e = f->table[i];
        if (e.key == QK_NULL) {
            continue;
        }
        SetEntry *found, *slot;
        int has = set_lookup(tstate, as_set(in), e.key, e.hash, &found, &slot);
        if (has < 0 || (has == keep && set_add_hashed(tstate, as_set(r), e.key, e.hash) < 0)) {
            r = QK_NULL;
            break;
        }
    }
    qk_root_pop(tstate, 1);
    return r;
}

static QkValue set_operator(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);

/* Exchanges two sets' entries (CPython's set_swap_bodies): a table in a set's own cell moves
 * into the other's cell. */
static void swap_bodies(QkSet *a, QkSet *b) {
    QkSet was = *a;
    a->fill = b->fill;
    a->used = b->used;
    a->mask = b->mask;
    a->table = b->table == b->small ? a->small : b->table;
    memcpy(a->small, b->small, sizeof a->small);
    b->fill = was.fill;
    b->used = was.used;
    b->mask = was.mask;
    b->table = was.table == a->small ? b->small : was.table;
    memcpy(b->small, was.small, sizeof b->small);
}

/* s |= t and the like: the result's table moves into s (the temporary keeps s's old one). */
static QkValue set_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    if (!qk_is_anyset(lhs) || !qk_is_anyset(rhs)) {
        return QK_NOT_IMPLEMENTED;
    }
    uint32_t plain = qk_plain_binary_op(op);
    QkValue r = set_operator(tstate, plain, lhs, rhs);
    /* A frozenset has no in-place operators: `f |= s` rebinds f to f | s. */
    if (op == plain || r == QK_NULL || r == QK_NOT_IMPLEMENTED || !qk_is_set(lhs)) {
        return r;
    }
    swap_bodies(as_set(lhs), as_set(r));
    return lhs;
}

static QkValue set_operation(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);

/* The result of a set operator is of the left operand's built-in type, as CPython's (set or
 * frozenset, the same layout; a class derived from one has another): a new object, whose type
 * is set once it is made. */
static QkValue set_operator(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    QkValue r = set_operation(tstate, op, lhs, rhs);
    if (r != QK_NULL && r != QK_NOT_IMPLEMENTED) {
        as_set(r)->ob.type = qk_builtin_base(qk_type_of(lhs));
    }
    return r;
}

static QkValue set_operation(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    QkValue r = QK_NULL;
    switch (op) {
    case QK_BINARY_OP_AND:
        /* Iterates the smaller set. */
        return as_set(rhs)->used > as_set(lhs)->used ? set_filter(tstate, lhs, rhs, true)
                                                     : set_filter(tstate, rhs, lhs, true);
    case QK_BINARY_OP_SUBTRACT:
        if ((as_set(lhs)->used >> 2) <= as_set(rhs)->used) {
            return set_filter(tstate, lhs, rhs, false);
        }
        r = qk_set_from_iterable(tstate, lhs);
        qk_root_push(tstate, &r);
        for (int64_t pos = 0; r != QK_NULL;) {
            QkValue k;
            if (!qk_set_next(rhs, &pos, &k)) {
                break;
            }
            if (set_discard(tstate, as_set(r), k) < 0) {
                r = QK_NULL;
            }
        }
        qk_root_pop(tstate, 1);
        return r;
    case QK_BINARY_OP_OR:
        r = qk_set_from_iterable(tstate, lhs);
        qk_root_push(tstate, &r);
        if (r != QK_NULL && set_merge(tstate, as_set(r), as_set(rhs)) < 0) {
            r = QK_NULL;
        }
        qk_root_pop(tstate, 1);
        return r;
    case QK_BINARY_OP_XOR:
        /* A copy of the right operand, then each left item toggled in it. */
        r = qk_set_from_iterable(tstate, rhs);
        qk_root_push(tstate, &r);
        for (uint64_t i = 0; r != QK_NULL && i <= as_set(lhs)->mask; i++) {
            SetEntry e = as_set(lhs)->table[i];
            if (e.key == QK_NULL) {
                continue;
            }
            int removed = set_discard(tstate, as_set(r), e.key);
            if (removed < 0 || (removed == 0 && set_add_hashed(tstate, as_set(r), e.key, e.hash) < 0)) {
                r = QK_NULL;
            }
        }
        qk_root_pop(tstate, 1);
        return r;
    default:
        return QK_NOT_IMPLEMENTED;
    }
}

/* 1 if every item of a is in b. */
static int is_subset(QkThread *tstate, QkValue a, QkValue b) {
    if (as_set(a)->used > as_set(b)->used) {
        return 0;
    }
    int64_t pos = 0;
    QkValue k;
    while (qk_set_next(a, &pos, &k)) {
        int has = qk_set_contains(tstate, b, k);
        if (has <= 0) {
            return has;
        }
    }
    return 1;
}

static QkValue set_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    if (!qk_is_anyset(rhs)) {
        return QK_NOT_IMPLEMENTED;
    }
    int64_t na = as_set(lhs)->used, nb = as_set(rhs)->used;
    bool reversed = op == QK_COMPARE_OP_GT || op == QK_COMPARE_OP_GE;
    QkValue small = reversed ? rhs : lhs, big = reversed ? lhs : rhs;
    int sub = is_subset(tstate, small, big);
    if (sub < 0) {
        return QK_NULL;
    }
    switch (op) {
    case QK_COMPARE_OP_EQ:
        return qk_bool(sub && na == nb);
    case QK_COMPARE_OP_NE:
        return qk_bool(!(sub && na == nb));
    case QK_COMPARE_OP_LT:
    case QK_COMPARE_OP_GT:
        return qk_bool(sub && na != nb);
    default:
        return qk_bool(sub);
    }
}

/* {1, 2}, or frozenset({1, 2}); set() and frozenset() when empty. */
/* {1, 2} for a set; anything else names its type around that: frozenset({1, 2}), S({1, 2}). */
static QkValue set_repr(QkThread *tstate, QkValue self) {
    const char *name = qk_type_name(self);
    bool named = !qk_is_type(self, &qk_set_type);
    if (as_set(self)->used == 0) {
        char buffer[320];
        snprintf(buffer, sizeof buffer, "%s()", name);
        return qk_str_from_cstr(tstate, buffer);
    }
    QkBuf b = {0};
    int failed = (named && (qk_buf_append(tstate, &b, name, strlen(name)) < 0 ||
                            qk_buf_putc(tstate, &b, '(') < 0)) ||
                 qk_buf_putc(tstate, &b, '{') < 0;
    int64_t pos = 0;
    QkValue k;
    for (bool first = true; !failed && qk_set_next(self, &pos, &k); first = false) {
        failed = (!first && qk_buf_append(tstate, &b, ", ", 2) < 0) ||
                 qk_buf_repr(tstate, &b, k) < 0;
    }
    if (failed || qk_buf_putc(tstate, &b, '}') < 0 || (named && qk_buf_putc(tstate, &b, ')') < 0)) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

static int64_t set_len(QkThread *tstate, QkValue self) {
    (void)tstate;
    return as_set(self)->used;
}

static QkValue set_iter(QkThread *tstate, QkValue self) { return qk_set_iter_new(tstate, self); }

static QkValue set_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    (void)type;
    if (qk_check_args(tstate, "set", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    return qk_set_from_iterable(tstate, nargs == 0 ? QK_NULL : args[0]);
}

/* ---- methods ---- */

static QkValue set_clear(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames);

/* set.__init__(iterable=()), what a subclass's __init__ calls up to: empties the set first, as
 * CPython's does. */
static QkValue set_init(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                        QkValue kwnames) {
    if (qk_check_args(tstate, "set", nargs, kwnames, 0, 1) < 0 ||
        set_clear(tstate, self, NULL, 0, QK_NULL) == QK_NULL ||
        (nargs == 1 && qk_set_update(tstate, self, args[0]) < 0)) {
        return QK_NULL;
    }
    return QK_NONE;
}

QkValue qk_set_add_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    if (qk_check_args(tstate, "set.add", nargs, kwnames, 1, 1) < 0 ||
        qk_set_add(tstate, self, args[0]) < 0) {
        return QK_NULL;
    }
    return QK_NONE;
}

static QkValue set_remove(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    if (qk_check_args(tstate, "set.remove", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    int r = set_discard(tstate, as_set(self), args[0]);
    return r > 0 ? QK_NONE : r == 0 ? qk_key_error(tstate, args[0]) : QK_NULL;
}

static QkValue set_discard_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                  QkValue kwnames) {
    if (qk_check_args(tstate, "set.discard", nargs, kwnames, 1, 1) < 0 ||
        set_discard(tstate, as_set(self), args[0]) < 0) {
        return QK_NULL;
    }
    return QK_NONE;
}

static QkValue set_pop(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                       QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "set.pop", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkSet *s = as_set(self);
    if (s->used == 0) {
        return qk_raise(tstate, &qk_exc_KeyError, "pop from an empty set");
    }
    uint64_t i = (uint64_t)s->finger & s->mask;
    while (s->table[i].key == QK_NULL) {
        i = (i + 1) & s->mask;
    }
    QkValue key = s->table[i].key;
    s->table[i] = (SetEntry){QK_NULL, -1};
    s->used--;
    s->finger = (int64_t)i + 1;
    return key;
}

static QkValue set_clear(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "set.clear", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    /* As CPython, back to the small table: what is added next iterates in its order. */
    QkSet *s = as_set(self);
    free_table(s);
    memset(s->small, 0, sizeof s->small);
    use_small_table(s);
    return QK_NONE;
}

static QkValue set_copy(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                        QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "set.copy", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    return qk_set_from_iterable(tstate, self);
}

static QkValue set_update_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                 QkValue kwnames) {
    if (qk_check_args(tstate, "set.update", nargs, kwnames, 0, 64) < 0) {
        return QK_NULL;
    }
    for (size_t i = 0; i < nargs; i++) {
        if (qk_set_update(tstate, self, args[i]) < 0) {
            return QK_NULL;
        }
    }
    return QK_NONE;
}

/* union, intersection, difference, symmetric_difference, issubset, issuperset with any
 * iterable: the argument becomes a set, then the operator applies. */
static QkValue set_with_iterable(QkThread *tstate, const char *fname, uint32_t op, bool compare,
                                 QkValue self, QkValue *args, size_t nargs, QkValue kwnames) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    QkValue other = qk_is_anyset(args[0]) ? args[0] : qk_set_from_iterable(tstate, args[0]);
    if (other == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &other);
    QkValue r = compare ? set_compare(tstate, self, other, op) : set_operator(tstate, op, self, other);
    qk_root_pop(tstate, 1);
    return r;
}

#define SET_ITERABLE_METHOD(NAME, OP, COMPARE)                                                     \
    static QkValue set_##NAME(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,        \
                              QkValue kwnames) {                                                   \
        return set_with_iterable(tstate, "set." #NAME, OP, COMPARE, self, args, nargs, kwnames);   \
    }
SET_ITERABLE_METHOD(union, QK_BINARY_OP_OR, false)
SET_ITERABLE_METHOD(intersection, QK_BINARY_OP_AND, false)
SET_ITERABLE_METHOD(difference, QK_BINARY_OP_SUBTRACT, false)
SET_ITERABLE_METHOD(symmetric_difference, QK_BINARY_OP_XOR, false)
SET_ITERABLE_METHOD(issubset, QK_COMPARE_OP_LE, true)
SET_ITERABLE_METHOD(issuperset, QK_COMPARE_OP_GE, true)

/* Stops at the first item of the other iterable that is in the set (CPython's order: an
 * unhashable item after a common one is never looked at). */
static QkValue set_isdisjoint(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    if (qk_check_args(tstate, "set.isdisjoint", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    QkValue it = qk_get_iter(tstate, args[0]);
    if (it == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &it);
    QkValue r = QK_TRUE;
    for (QkValue x; r == QK_TRUE && (x = qk_iter_next(tstate, it)) != QK_NULL;) {
        int has = qk_set_contains(tstate, self, x);
        r = has < 0 ? QK_NULL : has ? QK_FALSE : QK_TRUE;
    }
    qk_root_pop(tstate, 1);
    return qk_error_occurred(tstate) ? QK_NULL : r;
}

/* The methods a frozenset has too: none of them changes the set. */
#define SET_QUERY_METHODS                                                                          \
    {"union", set_union}, {"intersection", set_intersection}, {"difference", set_difference},     \
        {"symmetric_difference", set_symmetric_difference}, {"issubset", set_issubset},           \
        {"issuperset", set_issuperset}, {"isdisjoint", set_isdisjoint}

static const QkMethodDef set_methods[] = {
    {"add", qk_set_add_method},
    {"remove", set_remove},
    {"discard", set_discard_method},
    {"pop", set_pop},
    {"clear", set_clear},
    {"copy", set_copy},
    {"update", set_update_method},
    {"__init__", set_init},
    SET_QUERY_METHODS,
    {NULL, NULL},
};

QkType qk_set_type = {
    QK_STATIC_TYPE,
    .name = "set",
    .flags = QK_TYPE_BASETYPE,
    .instance_size = sizeof(QkSet),
    .traverse = set_traverse,
    .finalize = set_finalize,
    .repr = set_repr,
    .hash = qk_hash_unhashable,
    .compare = set_compare,
    .number = set_number,
    .len = set_len,
    .contains = qk_set_contains,
    .iter = set_iter,
    .construct = set_construct,
    .methods = set_methods,
};

/* ---- frozenset: the same table, never changed once made ---- */

static uint64_t shuffle_bits(uint64_t h) { return ((h ^ 89869747u) ^ (h << 16)) * 3644798167u; }

/* CPython's frozenset_hash, over the whole table (empty and dummy entries included, then their
 * parity taken out), so that a frozenset of ints hashes as CPython's does. */
static int frozenset_hash(QkThread *tstate, QkValue self, int64_t *out) {
    (void)tstate;
    QkSet *s = as_set(self);
    uint64_t hash = 0;
    for (uint64_t i = 0; i <= s->mask; i++) {
        hash ^= shuffle_bits((uint64_t)s->table[i].hash);
    }
    if ((s->mask + 1 - (uint64_t)s->fill) & 1) {
        hash ^= shuffle_bits(0);
    }
    if ((s->fill - s->used) & 1) {
        hash ^= shuffle_bits((uint64_t)-1);
    }
    hash ^= ((uint64_t)s->used + 1) * 1927868237u;
    hash ^= (hash >> 11) ^ (hash >> 25);
    hash = hash * 69069u + 907133923u;
    *out = hash == UINT64_MAX ? 590923713 : (int64_t)hash;
    return 0;
}

static QkValue frozenset_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                   QkValue kwnames) {
    (void)type;
    if (qk_check_args(tstate, "frozenset", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    if (nargs == 1 && qk_is_type(args[0], &qk_frozenset_type)) {
        return args[0];
    }
    QkValue r = qk_set_from_iterable(tstate, nargs == 0 ? QK_NULL : args[0]);
    if (r != QK_NULL) {
        as_set(r)->ob.type = &qk_frozenset_type;
    }
    return r;
}

static QkValue frozenset_copy(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    (void)args;
    return qk_check_args(tstate, "frozenset.copy", nargs, kwnames, 0, 0) < 0 ? QK_NULL : self;
}

static const QkMethodDef frozenset_methods[] = {
    {"copy", frozenset_copy},
    SET_QUERY_METHODS,
    {NULL, NULL},
};

QkType qk_frozenset_type = {
    QK_STATIC_TYPE,
    .name = "frozenset",
    .traverse = set_traverse,
    .finalize = set_finalize,
    .repr = set_repr,
    .hash = frozenset_hash,
    .compare = set_compare,
    .number = set_number,
    .len = set_len,
    .contains = qk_set_contains,
    .iter = set_iter,
    .construct = frozenset_construct,
    .methods = frozenset_methods,
};
