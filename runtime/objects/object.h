/* Heap objects, types and the collector's interface. See docs/architecture.md "Objects" and
 * "Memory". Types are objects too (so `type(x)` is a value), and behaviour is table-driven: each
 * type fills the slots it supports; the protocol functions in abstract.h dispatch through them. */
#ifndef QUACK_OBJECT_H
#define QUACK_OBJECT_H

#include <stddef.h>
#include <stdint.h>

#include "value.h"

typedef struct QkThread QkThread;
typedef struct QkType QkType;
typedef void (*QkVisitFunc)(QkValue v, void *arg);

/* Every heap object starts with this header (runtime/objects/gc.c). */
struct QkObject {
    QkType *type;       /* a free cell of a block keeps its dead object's */
    QkObject *gc_next;  /* a large object: the next in the large-object list; a free cell: the next
                           free cell; a small one whose type has a finalizer: the next such one */
    uint32_t gc_size;   /* a large object: its size in bytes (saturating), for the live heap's size */
    uint16_t gc_marked; /* a large object: marked by the collection under way */
    uint16_t gc_static; /* 1: statically allocated, never freed */
};

/* The next value of a version counter (classes, functions): caches and traces guard on versions,
 * and 0 stays reserved for "no version". Wrapping would reuse versions only after 2^32 changes. */
static inline uint32_t qk_next_version(uint32_t *last) {
    if (++*last == 0) {
        *last = 1;
    }
    return *last;
}

/* Returned by comparison and number slots that do not handle their operands. */
extern QkObject qk_not_implemented_object;
#define QK_NOT_IMPLEMENTED ((QkValue)&qk_not_implemented_object)

/* `...`, the one instance of ellipsis. */
extern QkObject qk_ellipsis_object;
#define QK_ELLIPSIS ((QkValue)&qk_ellipsis_object)

/* Slot signatures. A slot that fails sets the thread's exception and returns QK_NULL (or -1). */
typedef QkValue (*QkUnaryFunc)(QkThread *tstate, QkValue self);
typedef QkValue (*QkBinaryFunc)(QkThread *tstate, QkValue self, QkValue other);
typedef QkValue (*QkNumberFunc)(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);
typedef QkValue (*QkCompareFunc)(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op);
typedef int (*QkHashFunc)(QkThread *tstate, QkValue self, int64_t *hash);
typedef int (*QkInquiryFunc)(QkThread *tstate, QkValue self);
typedef int64_t (*QkLenFunc)(QkThread *tstate, QkValue self);
typedef int (*QkSetItemFunc)(QkThread *tstate, QkValue self, QkValue key, QkValue value);
typedef int (*QkContainsFunc)(QkThread *tstate, QkValue self, QkValue item);
/* args[0..nargs) positional then the keyword values; kwnames: a tuple of str or QK_NULL. */
typedef QkValue (*QkCallFunc)(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs,
                              QkValue kwnames);
typedef int (*QkSetAttrFunc)(QkThread *tstate, QkValue self, QkValue name, QkValue value);
typedef QkValue (*QkDescrGetFunc)(QkThread *tstate, QkValue descr, QkValue obj);
/* A function written in C: builtins (self is QK_NULL, or the module) and methods of built-in
 * types (self is the instance). Arguments as for QkCallFunc. */
typedef QkValue (*QkCFunction)(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                               QkValue kwnames);

typedef struct QkMethodDef {
    const char *name;
    QkCFunction func;
} QkMethodDef;

enum {
    QK_TYPE_HEAP = 1 << 0,      /* created by a class statement: collected, has a name object */
    QK_TYPE_BASETYPE = 1 << 1,  /* may be subclassed */
    QK_TYPE_EXCEPTION = 1 << 2, /* BaseException or a subclass */
    QK_TYPE_HAS_DICT = 1 << 3,  /* instances carry an attribute dict (QkInstance layout) */
    /* Some instance of exactly this type may have a dict key naming an attribute found on the
     * type (its bases included). While clear, a class attribute or method needs no probe of the
     * instance dict under a guard of the type's version: setting the flag renews the version
     * (qk_type_may_shadow), so every cache and trace that relied on it is dropped. */
    QK_TYPE_MAY_SHADOW = 1 << 4,
    /* A class whose __slots__ (and its bases') leave out __dict__: its instances keep their
     * slots' values in the attribute dict, but store only names a member descriptor (a slot)
     * stands for, and show no __dict__. */
    QK_TYPE_SLOTTED = 1 << 5,
};

/* Attributes an instance keeps inline, in its own cell (QkInstance), before they need a dict. */
#define QK_INLINE_VALUES 8

struct QkType {
    QkObject ob; /* ob.type == &qk_type_type */
    const char *name;
    /* The base whose instance layout this type's instances extend (CPython's __base__, the
     * "best base" of a class's bases): allocation and built-in slots follow this chain. NULL only
     * for `object`. */
    QkType *base;
    QkValue dict; /* the class namespace: methods and class attributes */
    /* A class's bases as its statement gave them, a tuple (object's alone when it gave none);
     * QK_NULL for built-in types, whose one base is `base`. */
    QkValue bases;
    /* The method resolution order (C3 linearization): a tuple of the type, then its bases in the
     * order every lookup walks them, object last. Made with the class (qk_init_types for
     * built-in types, which follow their `base` chain). */
    QkValue mro;
    QkValue name_value; /* heap types: the str `name` points into */
    /* Changes whenever the namespace of this type or of any type of its MRO changes: caches guard
     * on it. */
    uint32_t version;
    uint32_t flags;
    /* Bit (hash of a name & 63) is set only if looking up any name with that bit on this type
     * finds no data descriptor (a property), and the type has no __getattr__/__setattr__: an
     * instance's own dict entry is then its attribute, whatever the class. 0 for built-in types.
     * Kept current by every change to the class or a base (qk_type_modified). */
    uint64_t plain_names;
    size_t instance_size;
    /* The __init__ CALL_ALLOC_AND_ENTER_INIT calls, found by the specializer; QK_NULL again when
     * the version changes (the instruction guards the version, which pins it). */
    QkValue simple_init;
    /* The names of its instances' inline values (QkInstance): appended, never changed. */
    QkValue inline_names[QK_INLINE_VALUES];
    uint32_t n_inline_names;
    void (*traverse)(QkObject *self, QkVisitFunc visit, void *arg); /* NULL: holds no values */
    void (*finalize)(QkObject *self); /* NULL: owns no memory besides itself */

    QkUnaryFunc repr, str;
    QkHashFunc hash;
    QkCompareFunc compare; /* op: QK_COMPARE_OP_*; QK_NOT_IMPLEMENTED if it cannot */
    QkNumberFunc number;   /* op: QK_BINARY_OP_*; either operand may be self */
    QkNumberFunc unary;    /* op: QK_UNARY_*; rhs unused */
    QkInquiryFunc truth;
    QkLenFunc len;
    QkBinaryFunc getitem;
    QkSetItemFunc setitem; /* value QK_NULL deletes */
    QkContainsFunc contains;
    QkUnaryFunc iter, next; /* next: QK_NULL with no exception set means exhausted */
    QkCallFunc call;
    QkBinaryFunc getattr;   /* NULL: the generic lookup (type namespace, then instance dict) */
    QkSetAttrFunc setattr;  /* value QK_NULL deletes */
    QkDescrGetFunc descr_get; /* functions: binding to an instance makes a bound method */
    /* Calling the type itself: constructs an instance (self is the type). */
    QkCallFunc construct;
    /* Methods of a built-in type, {NULL, NULL}-terminated: qk_init_types puts them in `dict`. */
    const QkMethodDef *methods;
    /* The same for class methods (dict.fromkeys): the function gets the class as args[0]. */
    const QkMethodDef *classmethods;
    /* And static methods (object.__new__): the function gets the arguments as they are. */
    const QkMethodDef *staticmethods;
};

enum { QK_UNARY_NEGATIVE, QK_UNARY_POSITIVE, QK_UNARY_INVERT, QK_UNARY_ABS };

/* The header of a statically allocated type: a value of type `type`, never collected. */
#define QK_STATIC_TYPE .ob = {.type = &qk_type_type, .gc_static = 1}, .base = &qk_object_type

extern QkType qk_type_type, qk_object_type, qk_int_type, qk_bool_type, qk_none_type,
    qk_not_implemented_type, qk_ellipsis_type, qk_str_type, qk_code_type, qk_function_type,
    qk_builtin_type,
    qk_range_type, qk_range_iter_type, qk_long_range_iter_type, qk_dict_type;

static inline QkType *qk_type_of(QkValue v) {
    return qk_is_int(v) ? &qk_int_type : qk_as_object(v)->type;
}

static inline int qk_is_type(QkValue v, const QkType *t) {
    return qk_is_object(v) && qk_as_object(v)->type == t;
}

/* The same for a value that is never QK_NULL (a stack item): one tag test and one compare, which
 * is what a guard on an operand's type should cost. */
static inline int qk_has_type(QkValue v, const QkType *t) {
    return !qk_is_int(v) && qk_as_object(v)->type == t;
}

/* Is `t` `base` or derived from it (is `base` in t's MRO)? */
int qk_type_is_subtype(const QkType *t, const QkType *base);

/* The Python-visible name of a value's type ("int", "str", ...). */
const char *qk_type_name(QkValue v);

/* Sanitizer builds calloc and free every object (gc.c), so that a use after free is still caught. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define QK_POOLED 0
#endif
#endif
#ifndef QK_POOLED
#define QK_POOLED 1
#endif

/* The part of the collector's heap (gc.c) that allocation's common case needs, exposed so that it
 * is inline in every allocating helper and stencil. Per 16-byte size class: its free cells, and
 * the newest block's cells never handed out (bump .. limit, both NULL when there are none). Then
 * the bytes that may still be allocated before the next collection (0 in QUACK_GC_STRESS runs, so
 * that every allocation takes the collecting path). Small objects whose type has a finalizer are
 * listed (through gc_next), so that a sweep finalizes the dead ones without visiting every cell. */
#define QK_GC_GRANULE 16
#define QK_GC_SMALL_CLASSES 15 /* cells of 16, 32, ... 240 bytes */
typedef struct QkAllocCache {
    QkObject *free[QK_GC_SMALL_CLASSES];
    unsigned char *bump[QK_GC_SMALL_CLASSES], *limit[QK_GC_SMALL_CLASSES];
    size_t budget;
    QkObject *finalizable;
} QkAllocCache;
extern QkAllocCache qk_alloc_cache;

/* Everything else: a new cell or block, a large object, a collection first. */
QkObject *qk_alloc_slow(QkThread *tstate, QkType *type, size_t size, int finalized);

/* A cell of the size class, its first `zeroed` bytes zeroed (rounded up to words) and its type
 * set: a free one or one never handed out; NULL if the class has neither (a new block is gc.c's
 * business). `finalized`: the type has a finalizer, so the cell goes on the list of those. */
static inline QkObject *qk_take_cell(QkAllocCache *cache, QkType *type, size_t class,
                                     size_t zeroed, int finalized) {
    size_t cell_size = (class + 1) * QK_GC_GRANULE;
    QkObject *ob = cache->free[class];
    if (ob != NULL) {
        cache->free[class] = ob->gc_next;
    } else if (cache->bump[class] != cache->limit[class]) {
        ob = (QkObject *)cache->bump[class];
        cache->bump[class] += cell_size;
    } else {
        return NULL;
    }
    /* Word by word, not memset: stencils are built without a C library. */
    for (size_t i = 0; i < (zeroed + sizeof(uint64_t) - 1) / sizeof(uint64_t); i++) {
        ((uint64_t *)ob)[i] = 0;
    }
    ob->type = type;
    if (finalized) {
        ob->gc_next = cache->finalizable;
        cache->finalizable = ob;
    }
    return ob;
}

/* qk_alloc_as's inline part, which never collects: NULL where it takes qk_alloc_slow. Only the
 * first `zeroed` bytes are zeroed: the rest of the cell holds what it held. */
static inline QkObject *qk_alloc_fast_head(QkType *type, size_t size, size_t zeroed,
                                           int finalized) {
    size_t class = (size - 1) / QK_GC_GRANULE; /* size >= sizeof(QkObject) */
    size_t charged = (class + 1) * QK_GC_GRANULE;
    QkAllocCache *cache = &qk_alloc_cache;
#ifdef QK_IN_STENCIL
    /* In a register, its fields at offsets from it: a stencil reaches data through a 64-bit
     * immediate per address, four per allocation. (The runtime's own code reaches each field
     * RIP-relative; there the barrier only kept clang from keeping fields in registers.) */
    __asm__("" : "+r"(cache));
#endif
    if (QK_POOLED && class < QK_GC_SMALL_CLASSES && charged <= cache->budget) {
        QkObject *ob = qk_take_cell(cache, type, class, zeroed, finalized);
        if (ob != NULL) {
            cache->budget -= charged;
            return ob;
        }
    }
    return NULL;
}

/* The same, the whole cell zeroed. */
static inline QkObject *qk_alloc_fast_as(QkType *type, size_t size, int finalized) {
    return qk_alloc_fast_head(type, size, ((size - 1) / QK_GC_GRANULE + 1) * QK_GC_GRANULE,
                              finalized);
}

/* Allocates a zeroed object of `size` bytes; may collect first. Returns NULL (MemoryError set) on
 * failure. Callers must hold every value they still need where the collector can see it.
 * `finalized`: whether the type has a finalizer, a constant where the type is (1 for lists, dicts,
 * sets, code), `type->finalize != NULL` where it varies: so the allocations inlined into the
 * interpreter loop and the stencils load nothing more (the slow path checks that it is true). */
static inline QkObject *qk_alloc_as(QkThread *tstate, QkType *type, size_t size, int finalized) {
    QkObject *ob = qk_alloc_fast_as(type, size, finalized);
    return ob != NULL ? ob : qk_alloc_slow(tstate, type, size, finalized);
}

/* The same for a type without a finalizer. */
static inline QkObject *qk_alloc(QkThread *tstate, QkType *type, size_t size) {
    return qk_alloc_as(tstate, type, size, 0);
}

/* Roots held by C code between allocations (helpers that allocate more than once):
 * qk_root_push and qk_root_pop, inline in frame.h, where the thread's root list is. */

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
/* An exact str of one byte, an ASCII character: ord()'s common argument, whose value is the byte. */
static inline bool qk_is_ascii_char(QkValue v) {
    return qk_is_type(v, &qk_str_type) && qk_as_str(v)->length == 1;
}
int qk_str_equal(QkValue a, QkValue b);
uint64_t qk_str_hash(QkValue v);

/* ---- dict (str keys for now: globals, builtins, namespaces) ---- */
/* An entry keeps its key's hash beside the key: a probe that finds an index reads one line. */
typedef struct QkDictEntry {
    int64_t hash;
    QkValue key;
    QkValue value;
} QkDictEntry;

/* The smallest table (8 indices, 4 entries), kept inside the dict itself: most dicts (instance
 * dicts above all) never outgrow it, and a dict then fits one collector cell. */
#define QK_DICT_SMALL_INDICES 8
#define QK_DICT_SMALL_WORDS (QK_DICT_SMALL_INDICES / 2 + QK_DICT_SMALL_INDICES / 2 * 3)

typedef struct QkDict {
    QkObject ob;
    int64_t used;     /* live entries */
    int64_t nentries; /* entries slots used, in insertion order */
    int64_t capacity; /* entries allocated */
    int64_t nindices; /* power of two */
    int32_t *indices; /* -1 empty, else index into entries: `small` or a malloc'd table */
    QkDictEntry *entries;
    uint64_t watched; /* qk_watch_bits of the names traces rely on (globals, builtins) */
    uint64_t rebound; /* those of watched names changed since: data there is not constant */
    /* The last lookup of an int, str or tuple key that ran no Python code, and what it found: the
     * counting idiom `d[k] = d.get(k, 0) + 1` looks one key up twice in an unchanged table. Any
     * change to the table's keys forgets it. */
    QkValue memo_key; /* QK_NULL: none */
    int32_t memo_ix;  /* the entry, or -1: absent */
    uint32_t memo_slot; /* absent: the empty index slot where it would go */
    int64_t small[QK_DICT_SMALL_WORDS];
} QkDict;

/* The two bits of 64 a watched dict keeps per name: a write to another name rarely has both. */
static inline uint64_t qk_watch_bits(uint64_t hash) {
    return ((uint64_t)1 << (hash & 63)) | ((uint64_t)1 << ((hash >> 6) & 63));
}

QkValue qk_dict_new(QkThread *tstate);
/* Tells tier 2 when the str key `name` of the dict changes (is bound, rebound or deleted). */
void qk_dict_watch(QkValue dict, QkValue name);
QkValue qk_dict_get(QkValue dict, QkValue key);                              /* QK_NULL: absent */
int64_t qk_dict_index(QkValue dict, QkValue key); /* its entry's index (a hint), or -1: absent */
int qk_dict_set(QkThread *tstate, QkValue dict, QkValue key, QkValue value); /* -1 on failure */

/* ---- tuple and list: shared layouts (tuple.c and list.c implement them) ---- */
typedef struct QkTuple {
    QkObject ob;
    int64_t size;
    int64_t hash; /* 0: not known yet (tuple_hash keeps it when no item can change its own); so a
                   * tuple is never in read-only memory */
    QkValue items[];
} QkTuple;

typedef struct QkList {
    QkObject ob;
    int64_t size, capacity;
    QkValue *items; /* malloc'd when capacity > 0 */
} QkList;

extern QkType qk_tuple_type, qk_list_type, qk_float_type, qk_cell_type, qk_generator_type;

typedef struct QkCell {
    QkObject ob;
    QkValue value; /* QK_NULL: empty */
} QkCell;

/* A slot that should hold a cell may not (a code image that skipped MAKE_CELL): reading it is
 * an unbound variable, writing it does nothing, never a crash. Inline: closures' variables cost
 * a stencil no call. */
static inline QkValue qk_cell_get(QkValue cell) {
    return qk_is_type(cell, &qk_cell_type) ? ((QkCell *)cell)->value : QK_NULL;
}

static inline void qk_cell_set(QkValue cell, QkValue value) {
    if (qk_is_type(cell, &qk_cell_type)) {
        ((QkCell *)cell)->value = value;
    }
}

typedef struct QkFloat {
    QkObject ob;
    double value;
} QkFloat;

/* Inline: a trace's float arithmetic allocates its result box in the stencil itself. */
static inline QkValue qk_float_new(QkThread *tstate, double value) {
    QkFloat *f = (QkFloat *)qk_alloc(tstate, &qk_float_type, sizeof *f);
    if (f == NULL) {
        return QK_NULL;
    }
    f->value = value;
    return (QkValue)f;
}

static inline QkTuple *qk_as_tuple(QkValue v) { return (QkTuple *)v; }
static inline QkList *qk_as_list(QkValue v) { return (QkList *)v; }

/* A new tuple of n values (BUILD_TUPLE, qk_tuple_from_array). Inline, so a trace's pair is
 * allocated and filled in the stencil itself. */
static inline QkValue qk_tuple_pack(QkThread *tstate, const QkValue *values, int64_t n) {
    QkTuple *t =
        (QkTuple *)qk_alloc(tstate, &qk_tuple_type, sizeof(QkTuple) + (size_t)n * sizeof(QkValue));
    if (t == NULL) {
        return QK_NULL;
    }
    t->size = n;
    for (int64_t i = 0; i < n; i++) {
        t->items[i] = values[i];
    }
    return (QkValue)t;
}

/* ---- code ---- */
typedef uint32_t QkCodeUnit;

/* Code flags, as CPython numbers them. */
enum {
    QK_CODE_VARARGS = 0x04,
    QK_CODE_VARKEYWORDS = 0x08,
    QK_CODE_GENERATOR = 0x20,
    QK_CODE_HAS_DOCSTRING = 0x4000000, /* consts[0] is the docstring */
};

/* How a local slot is used (QkCode.kinds): a plain local, a cell of this frame, or a free
 * variable (a cell from the closure). A cell kind may also be an argument. */
enum { QK_LOCAL_PLAIN = 0, QK_LOCAL_CELL = 1, QK_LOCAL_FREE = 2 };

/* One exception-table entry: an exception raised by an instruction in [start, end) goes to
 * `target` with the value stack cut to `depth` items (then the exception pushed). */
typedef struct QkExceptionEntry {
    uint32_t start, end, target, depth;
} QkExceptionEntry;

typedef struct QkExecutor QkExecutor;

typedef struct QkCode {
    QkObject ob;
    QkValue name;
    QkValue qualname; /* "Duck.quack", "f.<locals>.g": what errors and reprs name */
    QkValue filename;
    uint32_t firstlineno;
    uint32_t argcount;      /* positional parameters, positional-only ones included */
    uint32_t posonlyargcount;
    uint32_t kwonlyargcount;
    uint32_t flags;         /* QK_CODE_* */
    uint32_t nlocals;       /* every local slot: parameters, locals, cells, free variables */
    uint32_t stacksize;
    uint32_t frame_words;   /* a frame's size in words (qk_frame_size): what a call pushes */
    uint8_t *kinds;         /* QK_LOCAL_* per local slot */
    uint32_t nexceptions;
    QkExceptionEntry *exceptions;
    uint32_t ncode;
    QkCodeUnit *code;
    uint32_t *lines;
    /* Per code unit, the traceback's caret line under the source line (frontend/carets.py). */
    uint32_t *caret_spans, *caret_anchors;
    uint32_t nconsts, nnames;
    QkValue *consts;
    QkValue *names;
    QkValue *varnames;
    /* Executors installed over this code's JUMP_BACKWARDs (ENTER_EXECUTOR's oparg). */
    uint32_t nexecutors;
    QkExecutor **executors;
    /* The function-entry trace tier 1 runs when a call pushes a frame of this code in place (NULL
     * until the entries counted in entry_counter, an adaptive counter, make it hot). */
    QkExecutor *entry_executor;
    QkCodeUnit entry_counter;
    /* Traces no longer elide the frames of its calls: an exit inside one got hot, and every
     * run of that exit built the frame (runtime/interp/elide.c). */
    uint8_t keeps_frames;
} QkCode;

/* ---- functions ---- */
typedef struct QkFunction {
    QkObject ob;
    QkValue code;
    QkValue globals;
    QkValue name;       /* str: the code's name */
    QkValue defaults;   /* tuple or QK_NULL */
    QkValue kwdefaults; /* dict or QK_NULL */
    QkValue closure;    /* tuple of cells or QK_NULL */
    QkValue dict;       /* function attributes, QK_NULL until set */
    /* Unique to this function object (which never changes its code or defaults once called):
     * specialized calls, and the traces that go into the callee, guard on it. */
    uint32_t version;
} QkFunction;

/* A built-in function or a built-in method bound to its self. */
typedef struct QkBuiltin {
    QkObject ob;
    const char *name;
    QkCFunction func;
    QkValue self; /* QK_NULL for plain builtins */
} QkBuiltin;

/* Whether a callable is the built-in function whose C function is `func` (len, math.sqrt). */
static inline bool qk_is_builtin_of(QkValue callable, QkCFunction func) {
    return qk_has_type(callable, &qk_builtin_type) && ((QkBuiltin *)callable)->func == func;
}

/* ---- range ---- */
/* Bounds as ints: all tagged for a range whose items are (see range.c). */
typedef struct QkRange {
    QkObject ob;
    QkValue start, stop, step;
} QkRange;

typedef struct QkRangeIter {
    QkObject ob;
    int64_t next, step, remaining;
} QkRangeIter;

/* ---- instances of classes with an attribute dict, and exceptions ---- */

/* An instance's attributes live in `values`, each under the name at the same index of its class's
 * `inline_names` (the names instances of the class were given, in the order they were first
 * given), as long as the instance gets them in that order; `count` says how many it has. Any other
 * use (another order, a deletion, more than QK_INLINE_VALUES, its __dict__ asked for, a new class)
 * moves them into `dict` for good: count is then 0. See runtime/objects/instance.c. */
typedef struct QkInstance {
    QkObject ob;
    QkValue dict;   /* the attribute dict, once made; QK_NULL while the values are inline */
    uint32_t count; /* values[0 .. count) are the attributes named inline_names[0 .. count) */
    QkValue values[QK_INLINE_VALUES];
} QkInstance;

/* instance.c: the attributes of instances (QkInstance: classes' and exceptions'). */
/* Where the class keeps `name` inline, or -1. */
int64_t qk_inline_index(const QkType *type, QkValue name);
/* The instance's own attribute, or QK_NULL (nothing raised). */
QkValue qk_instance_get(QkValue obj, QkValue name);
/* Sets or (value QK_NULL) deletes it: AttributeError if there is none to delete. */
int qk_instance_set(QkThread *tstate, QkValue obj, QkValue name, QkValue value);
/* The instance's attribute dict (its __dict__), the inline values moved into it if need be. */
QkValue qk_instance_dict(QkThread *tstate, QkValue obj);
/* The collector's view of an instance's attributes. */
void qk_instance_traverse_attributes(QkObject *self, QkVisitFunc visit, void *arg);
/* Calls `each` with every attribute name of the instance, in order. */
void qk_instance_each_name(QkValue obj, void (*each)(void *arg, QkValue name), void *arg);

typedef struct QkTracebackEntry {
    QkCode *code;
    uint32_t line;
    uint32_t caret_span, caret_anchors; /* QkCode's, for the instruction */
} QkTracebackEntry;

typedef struct QkException {
    QkInstance base;
    QkValue args;    /* tuple: what the exception was constructed with */
    QkValue cause;   /* raise ... from cause: an exception, or QK_NULL */
    QkValue context; /* the exception being handled when this one was raised, or QK_NULL */
    /* raise ... from X (X None included): the context is not printed (__suppress_context__). */
    bool suppress_context;
    /* What a NameError or AttributeError raised by a lookup was about, for the suggestion its
     * printed traceback offers (suggestions.c): the name, and the object (an AttributeError)
     * or the globals the lookup ran with (a NameError); QK_NULL otherwise. */
    QkValue name, obj;
    /* Where it passed, innermost first: appended as it unwinds each frame. Owned (malloc). */
    uint32_t tb_count, tb_capacity;
    QkTracebackEntry *traceback;
} QkException;

extern QkType qk_exc_BaseException, qk_exc_Exception, qk_exc_ZeroDivisionError,
    qk_exc_NameError, qk_exc_TypeError, qk_exc_ValueError, qk_exc_OverflowError,
    qk_exc_RecursionError, qk_exc_MemoryError, qk_exc_UnboundLocalError, qk_exc_IndexError,
    qk_exc_KeyError, qk_exc_StopIteration, qk_exc_AttributeError, qk_exc_ArithmeticError,
    qk_exc_LookupError, qk_exc_RuntimeError, qk_exc_AssertionError;

/* Sets the thread's current exception; always returns QK_NULL so callers can `return qk_raise...`. */
QkValue qk_raise(QkThread *tstate, QkType *type, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Raises StopIteration carrying `value` (a generator's return value; QK_NONE: none). */
QkValue qk_raise_stop_iteration(QkThread *tstate, QkValue value);
/* Raises UnicodeEncodeError or UnicodeDecodeError (type) with CPython's five arguments. QK_NULL. */
QkValue qk_raise_unicode_error(QkThread *tstate, QkType *type, const char *encoding,
                               QkValue object, int64_t start, int64_t end, const char *reason);

/* Creates every built-in type's namespace and version; once, before any code runs. */
int qk_init_types(QkThread *tstate);
/* Static types are never collected, but their namespaces are: the collector visits them here. */
void qk_traverse_static_types(QkVisitFunc visit, void *arg);

#endif
