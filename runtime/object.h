/* Heap objects, their types and the collector's interface. See docs/architecture.md "Memory". */
#ifndef QUACK_OBJECT_H
#define QUACK_OBJECT_H

#include <stddef.h>
#include <stdint.h>

#include "value.h"

typedef struct QkThread QkThread;
typedef struct QkType QkType;
typedef void (*QkVisitFunc)(QkValue v, void *arg);

/* Every heap object starts with this header. */
struct QkObject {
    const QkType *type;
    QkObject *gc_next; /* all collectable objects, in one list; NULL-terminated */
    uint32_t gc_marked;
    uint32_t gc_static; /* 1: statically allocated, never freed */
};

struct QkType {
    const char *name;
    /* Reports every value the object holds (NULL: holds none). */
    void (*traverse)(QkObject *self, QkVisitFunc visit, void *arg);
    /* Frees memory the object owns besides itself (NULL: owns none). */
    void (*finalize)(QkObject *self);
    /* Exception types: the base class (NULL for BaseException and non-exceptions). */
    const QkType *base;
};

static inline const QkType *qk_type_of(QkValue v);

extern const QkType qk_int_type, qk_bool_type, qk_none_type, qk_str_type, qk_code_type,
    qk_function_type, qk_builtin_type, qk_range_type, qk_range_iter_type, qk_dict_type,
    qk_exception_type;

static inline const QkType *qk_type_of(QkValue v) {
    return qk_is_int(v) ? &qk_int_type : qk_as_object(v)->type;
}

static inline int qk_is_type(QkValue v, const QkType *t) {
    return qk_is_object(v) && qk_as_object(v)->type == t;
}

/* Allocates a zeroed object of `size` bytes; may collect first. Returns NULL (MemoryError set) on
 * failure. Callers must hold every value they still need where the collector can see it. */
QkObject *qk_alloc(QkThread *tstate, const QkType *type, size_t size);

/* Roots held by C code between allocations (helpers that allocate more than once). */
#define QK_MAX_C_ROOTS 64
void qk_root_push(QkThread *tstate, QkValue *slot);
void qk_root_pop(QkThread *tstate, int n);

void qk_collect(QkThread *tstate);
/* Frees every object: at exit, so LeakSanitizer sees a clean heap. */
void qk_free_all(QkThread *tstate);

/* ---- str ---- */
typedef struct QkStr {
    QkObject ob;
    int64_t length; /* bytes of UTF-8 */
    uint64_t hash;
    char data[]; /* NUL-terminated */
} QkStr;

QkValue qk_str_new(QkThread *tstate, const char *data, int64_t length);
QkValue qk_str_from_cstr(QkThread *tstate, const char *s);
static inline QkStr *qk_as_str(QkValue v) { return (QkStr *)v; }
int qk_str_equal(QkValue a, QkValue b);
uint64_t qk_str_hash(QkValue v);

/* ---- dict (str keys for now: globals, builtins) ---- */
typedef struct QkDictEntry {
    QkValue key;
    QkValue value;
} QkDictEntry;

typedef struct QkDict {
    QkObject ob;
    int64_t used;     /* live entries */
    int64_t nentries; /* entries slots used, in insertion order */
    int64_t capacity; /* entries allocated */
    int64_t nindices; /* power of two */
    int64_t *indices; /* -1 empty, else index into entries */
    QkDictEntry *entries;
} QkDict;

QkValue qk_dict_new(QkThread *tstate);
QkValue qk_dict_get(QkValue dict, QkValue key);                       /* QK_NULL if absent */
int qk_dict_set(QkThread *tstate, QkValue dict, QkValue key, QkValue value); /* -1 on failure */

/* ---- code ---- */
typedef uint32_t QkCodeUnit;

typedef struct QkExecutor QkExecutor;

typedef struct QkCode {
    QkObject ob;
    QkValue name;
    QkValue filename;
    uint32_t firstlineno;
    uint32_t argcount;
    uint32_t nlocals;
    uint32_t stacksize;
    uint32_t ncode;
    QkCodeUnit *code;
    uint32_t *lines;
    uint32_t nconsts, nnames;
    QkValue *consts;
    QkValue *names;
    QkValue *varnames;
    /* Executors installed over this code's JUMP_BACKWARDs (ENTER_EXECUTOR's oparg). */
    uint32_t nexecutors;
    QkExecutor **executors;
} QkCode;

/* ---- functions ---- */
typedef struct QkFunction {
    QkObject ob;
    QkValue code;
    QkValue globals;
} QkFunction;

typedef QkValue (*QkBuiltinFunc)(QkThread *tstate, QkValue *args, int nargs);

typedef struct QkBuiltin {
    QkObject ob;
    const char *name;
    QkBuiltinFunc func;
} QkBuiltin;

/* ---- range ---- */
typedef struct QkRange {
    QkObject ob;
    int64_t start, stop, step;
} QkRange;

typedef struct QkRangeIter {
    QkObject ob;
    int64_t next, step, remaining;
} QkRangeIter;

/* ---- exceptions ---- */
typedef struct QkException {
    QkObject ob;
    QkValue message; /* str */
} QkException;

extern const QkType qk_exc_ZeroDivisionError, qk_exc_NameError, qk_exc_TypeError,
    qk_exc_ValueError, qk_exc_OverflowError, qk_exc_RecursionError, qk_exc_MemoryError,
    qk_exc_UnboundLocalError, qk_exc_IndexError, qk_exc_KeyError, qk_exc_StopIteration,
    qk_exc_AttributeError;

/* Sets the thread's current exception; always returns QK_NULL so callers can `return qk_raise...`. */
QkValue qk_raise(QkThread *tstate, const QkType *type, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The Python-visible name of a value's type ("int", "str", ...). */
const char *qk_type_name(QkValue v);

#endif
