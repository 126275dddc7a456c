/* "Did you mean: 'value'?": the suggestion CPython 3.11 appends to the printed line of an
 * uncaught NameError or AttributeError (exactly those classes), computed when the traceback is
 * printed: the nearest candidate name by a Levenshtein distance in which a case flip costs 1 and
 * any other edit 2, among at most 750 candidates, within a third of the characters involved. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin_subclass.h"
#include "objmodel.h"
#include "quack.h"
#include "types.h"

#define MAX_CANDIDATE_ITEMS 750
#define MAX_STRING_SIZE 40
#define MOVE_COST 2
#define CASE_COST 1

/* The names CPython's candidates hold that quack's namespaces lack or order differently: the
 * builtins module's keys (a script's, in their order), a module's initial globals, and the
 * attributes every object has (object's namespace) or every class statement's class adds. */
static const char *const cpython_builtins[] = {
    "__name__", "__doc__", "__package__", "__loader__", "__spec__", "__build_class__",
    "__import__", "abs", "all", "any", "ascii", "bin", "breakpoint", "callable", "chr", "compile",
    "delattr", "dir", "divmod", "eval", "exec", "format", "getattr", "globals", "hasattr", "hash",
    "hex", "id", "input", "isinstance", "issubclass", "iter", "aiter", "len", "locals", "max",
    "min", "next", "anext", "oct", "ord", "pow", "print", "repr", "round", "setattr", "sorted",
    "sum", "vars", "None", "Ellipsis", "NotImplemented", "False", "True", "bool", "memoryview",
    "bytearray", "bytes", "classmethod", "complex", "dict", "enumerate", "filter", "float",
    "frozenset", "property", "int", "list", "map", "object", "range", "reversed", "set", "slice",
    "staticmethod", "str", "super", "tuple", "type", "zip", "__debug__", "BaseException",
    "BaseExceptionGroup", "Exception", "GeneratorExit", "KeyboardInterrupt", "SystemExit",
    "ArithmeticError", "AssertionError", "AttributeError", "BufferError", "EOFError",
    "ImportError", "LookupError", "MemoryError", "NameError", "OSError", "ReferenceError",
    "RuntimeError", "StopAsyncIteration", "StopIteration", "SyntaxError", "SystemError",
    "TypeError", "ValueError", "Warning", "FloatingPointError", "OverflowError",
    "ZeroDivisionError", "BytesWarning", "DeprecationWarning", "EncodingWarning", "FutureWarning",
    "ImportWarning", "PendingDeprecationWarning", "ResourceWarning", "RuntimeWarning",
    "SyntaxWarning", "UnicodeWarning", "UserWarning", "BlockingIOError", "ChildProcessError",
    "ConnectionError", "FileExistsError", "FileNotFoundError", "InterruptedError",
    "IsADirectoryError", "NotADirectoryError", "PermissionError", "ProcessLookupError",
    "TimeoutError", "IndentationError", "IndexError", "KeyError", "ModuleNotFoundError",
    "NotImplementedError", "RecursionError", "UnboundLocalError", "UnicodeError",
    "BrokenPipeError", "ConnectionAbortedError", "ConnectionRefusedError",
    "ConnectionResetError", "TabError", "UnicodeDecodeError", "UnicodeEncodeError",
    "UnicodeTranslateError", "ExceptionGroup", "EnvironmentError", "IOError", "open", "quit",
    "exit", "copyright", "credits", "license", "help",
};

static const char *const module_dunders[] = {
    "__name__", "__doc__",         "__package__", "__loader__", "__spec__",
    "__annotations__", "__builtins__", "__file__", "__cached__",
};

static const char *const object_names[] = {
    "__new__", "__repr__", "__hash__", "__str__", "__getattribute__", "__setattr__",
    "__delattr__", "__lt__", "__le__", "__eq__", "__ne__", "__gt__", "__ge__", "__init__",
    "__reduce_ex__", "__reduce__", "__getstate__", "__subclasshook__", "__init_subclass__",
    "__format__", "__sizeof__", "__dir__", "__class__", "__doc__",
};

static const char *const class_statement_names[] = {"__module__", "__dict__", "__weakref__",
                                                    "__doc__"};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int substitution_cost(char a, char b) {
    if ((a & 31) != (b & 31)) {
        return MOVE_COST;
    }
    if (a == b) {
        return 0;
    }
    if ('A' <= a && a <= 'Z') {
        a += 'a' - 'A';
    }
    if ('A' <= b && b <= 'Z') {
        b += 'a' - 'A';
    }
    return a == b ? CASE_COST : MOVE_COST;
}

/* The distance, or max_cost + 1 as soon as it must exceed max_cost. */
static size_t distance(const char *a, size_t a_size, const char *b, size_t b_size,
                       size_t max_cost) {
    while (a_size > 0 && b_size > 0 && a[0] == b[0]) {
        a++, b++, a_size--, b_size--;
    }
    while (a_size > 0 && b_size > 0 && a[a_size - 1] == b[b_size - 1]) {
        a_size--, b_size--;
    }
    if (a_size == 0 || b_size == 0) {
        return (a_size + b_size) * MOVE_COST;
    }
    if (a_size > MAX_STRING_SIZE || b_size > MAX_STRING_SIZE) {
        return max_cost + 1;
    }
    if (b_size < a_size) {
        const char *t = a;
        a = b;
        b = t;
        size_t n = a_size;
        a_size = b_size;
        b_size = n;
    }
    if ((b_size - a_size) * MOVE_COST > max_cost) {
        return max_cost + 1;
    }
    /* One row of the matrix, updated in place: row[i] is the cost from b[:j] to a[:i + 1]. */
    size_t row[MAX_STRING_SIZE];
    for (size_t i = 0; i < a_size; i++) {
        row[i] = (i + 1) * MOVE_COST;
    }
    size_t result = 0;
    for (size_t j = 0; j < b_size; j++) {
        size_t diagonal = result = j * MOVE_COST;
        size_t minimum = SIZE_MAX;
        for (size_t i = 0; i < a_size; i++) {
            size_t substitute = diagonal + (size_t)substitution_cost(b[j], a[i]);
            diagonal = row[i];
            size_t insert_delete = (result < diagonal ? result : diagonal) + MOVE_COST;
            result = insert_delete < substitute ? insert_delete : substitute;
            row[i] = result;
            if (result < minimum) {
                minimum = result;
            }
        }
        if (minimum > max_cost) {
            return max_cost + 1;
        }
    }
    return result;
}

typedef struct Name {
    const char *text;
    size_t size;
} Name;

typedef struct Names {
    Name *items;
    size_t count, capacity;
    bool failed;
} Names;

static void add(Names *n, const char *text, size_t size) {
    if (n->count == n->capacity && !n->failed) {
        size_t capacity = n->capacity ? n->capacity * 2 : 64;
        Name *grown = realloc(n->items, capacity * sizeof *grown);
        if (grown == NULL) {
            n->failed = true;
        } else {
            n->items = grown;
            n->capacity = capacity;
        }
    }
    if (!n->failed) {
        n->items[n->count++] = (Name){text, size};
    }
}

static void add_static(Names *n, const char *const *texts, size_t count) {
    for (size_t i = 0; i < count; i++) {
        add(n, texts[i], strlen(texts[i]));
    }
}

static void add_str(Names *n, QkValue s) {
    if (qk_is_str(s)) {
        add(n, qk_as_str(s)->data, (size_t)qk_as_str(s)->length);
    }
}

static bool is_listed(const char *text, size_t size, const char *const *texts, size_t count) {
    for (size_t i = 0; i < count; i++) {
        if (strlen(texts[i]) == size && memcmp(texts[i], text, size) == 0) {
            return true;
        }
    }
    return false;
}

/* The dict's str keys, in order, but those `skip` lists. */
static void add_name(void *names, QkValue name) {
    if (qk_is_str(name)) {
        add_str(names, name);
    }
}

static void add_keys(Names *n, QkValue dict, const char *const *skip, size_t nskip) {
    int64_t pos = 0;
    QkValue key, value;
    while (dict != QK_NULL && qk_dict_next(dict, &pos, &key, &value)) {
        if (qk_is_str(key) && !is_listed(qk_as_str(key)->data,
                                         (size_t)qk_as_str(key)->length, skip, nskip)) {
            add_str(n, key);
        }
    }
}

/* calculate_suggestions: the first nearest candidate, or NULL. */
static const Name *nearest(const Names *n, QkValue name) {
    if (n->failed || n->count >= MAX_CANDIDATE_ITEMS) {
        return NULL;
    }
    const char *text = qk_as_str(name)->data;
    size_t size = (size_t)qk_as_str(name)->length;
    const Name *best = NULL;
    size_t best_distance = SIZE_MAX;
    for (size_t i = 0; i < n->count; i++) {
        const Name *c = &n->items[i];
        if (c->size == size && memcmp(c->text, text, size) == 0) {
            continue;
        }
        size_t max_distance = (size + c->size + 3) * MOVE_COST / 6;
        if (best_distance - 1 < max_distance) {
            max_distance = best_distance - 1;
        }
        size_t d = distance(text, size, c->text, c->size, max_distance);
        if (d <= max_distance && (best == NULL || d < best_distance)) {
            best = c;
            best_distance = d;
        }
    }
    return best;
}

static int compare_names(const void *x, const void *y) {
    const Name *a = x, *b = y;
    int r = memcmp(a->text, b->text, a->size < b->size ? a->size : b->size);
    return r != 0 ? r : (a->size > b->size) - (a->size < b->size);
}

/* dir(obj) as CPython builds it (sorted, each name once): a module's names; the namespaces of a
 * class's MRO; an instance's own attributes and its class's. */
static void dir_of(Names *n, QkValue obj) {
    if (qk_is_type(obj, &qk_module_type)) {
        add_keys(n, ((QkModule *)obj)->dict, NULL, 0);
    } else {
        QkType *type = qk_is_class(obj) ? (QkType *)obj : qk_type_of(obj);
        if (!qk_is_class(obj) && qk_is_object(obj) &&
            (type->flags & (QK_TYPE_HAS_DICT | QK_TYPE_BUILTIN_LAYOUT))) {
            qk_instance_each_name(obj, add_name, n);
        }
        /* CPython keeps __qualname__ out of a class's namespace. */
        static const char *const hidden[] = {"__qualname__"};
        const QkTuple *mro = qk_as_tuple(type->mro);
        for (int64_t i = 0; i < mro->size; i++) {
            QkType *t = (QkType *)mro->items[i];
            if (t == &qk_object_type) {
                continue;
            }
            add_keys(n, t->dict, hidden, COUNT(hidden));
            if (t->flags & QK_TYPE_HEAP) {
                add_static(n, class_statement_names, COUNT(class_statement_names));
            }
        }
        add_static(n, object_names, COUNT(object_names));
    }
    if (n->failed) {
        return;
    }
    qsort(n->items, n->count, sizeof *n->items, compare_names);
    size_t kept = 0;
    for (size_t i = 0; i < n->count; i++) {
        if (kept == 0 || compare_names(&n->items[kept - 1], &n->items[i]) != 0) {
            n->items[kept++] = n->items[i];
        }
    }
    n->count = kept;
}

/* A NameError's candidates, list by list: the innermost frame's local variables, the globals
 * it ran with, the builtins. */
static const Name *suggest_for_name(QkException *exc, Names *n) {
    QkCode *code = exc->tb_count > 0 ? exc->traceback[0].code : NULL;
    for (uint32_t i = 0; code != NULL && i < code->nlocals; i++) {
        if (code->kinds[i] != QK_LOCAL_FREE) {
            add_str(n, code->varnames[i]);
        }
    }
    const Name *best = nearest(n, exc->name);
    if (best == NULL) {
        n->count = 0;
        add_static(n, module_dunders, COUNT(module_dunders));
        add_keys(n, exc->obj, module_dunders, COUNT(module_dunders));
        best = nearest(n, exc->name);
    }
    if (best == NULL) {
        n->count = 0;
        add_static(n, cpython_builtins, COUNT(cpython_builtins));
        best = nearest(n, exc->name);
    }
    return best;
}

bool qk_offer_suggestion(QkValue value, char *out, size_t size) {
    QkException *exc = (QkException *)value;
    QkType *type = qk_type_of(value);
    if (!qk_is_str(exc->name) || exc->obj == QK_NULL ||
        (type != &qk_exc_NameError && type != &qk_exc_AttributeError)) {
        return false;
    }
    Names n = {0};
    const Name *best;
    if (type == &qk_exc_NameError) {
        best = suggest_for_name(exc, &n);
    } else {
        dir_of(&n, exc->obj);
        best = nearest(&n, exc->name);
    }
    if (best != NULL) {
        snprintf(out, size, "%.*s", (int)best->size, best->text);
    }
    free(n.items);
    return best != NULL;
}

void qk_exception_set_subject(QkValue value, QkValue name, QkValue obj) {
    QkException *exc = (QkException *)value;
    if (exc->name == QK_NULL && exc->obj == QK_NULL) {
        exc->name = name;
        exc->obj = obj;
    }
}
