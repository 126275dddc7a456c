/* The object model's shared pieces: classes (class.c), the attribute protocol (attr.c), methods
 * (method.c), modules (module.c) and exception objects (exceptions.c). */
#ifndef QUACK_OBJMODEL_H
#define QUACK_OBJMODEL_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>

#include "abstract.h"
#include "frame.h"

/* ---- interned names: the dunders slot wrappers and lookups use ---- */
#define QK_NAME_LIST(X)                                                                            \
    X(init, "__init__") X(repr, "__repr__") X(str, "__str__") X(hash, "__hash__")                 \
    X(eq, "__eq__") X(ne, "__ne__") X(lt, "__lt__") X(le, "__le__") X(gt, "__gt__")               \
    X(ge, "__ge__") X(add, "__add__") X(sub, "__sub__") X(mul, "__mul__")                         \
    X(truediv, "__truediv__") X(floordiv, "__floordiv__") X(mod, "__mod__") X(pow, "__pow__")     \
    X(and, "__and__") X(or, "__or__") X(xor, "__xor__") X(lshift, "__lshift__")                   \
    X(rshift, "__rshift__") X(matmul, "__matmul__") X(radd, "__radd__") X(rsub, "__rsub__")       \
    X(rmul, "__rmul__") X(rtruediv, "__rtruediv__") X(rfloordiv, "__rfloordiv__")                 \
    X(rmod, "__rmod__") X(rpow, "__rpow__") X(rand, "__rand__") X(ror, "__ror__")                 \
    X(rxor, "__rxor__") X(rlshift, "__rlshift__") X(rrshift, "__rrshift__")                       \
    X(rmatmul, "__rmatmul__") X(neg, "__neg__") X(pos, "__pos__") X(invert, "__invert__")         \
    X(abs, "__abs__") X(bool, "__bool__") X(len, "__len__") X(getitem, "__getitem__")             \
    X(setitem, "__setitem__") X(delitem, "__delitem__") X(contains, "__contains__")               \
    X(iter, "__iter__") X(next, "__next__") X(call, "__call__") X(getattr, "__getattr__")         \
    X(getattribute, "__getattribute__") X(setattr, "__setattr__") X(delattr, "__delattr__")     \
    X(classcell, "__classcell__") X(slots, "__slots__") X(name, "__name__")                      \
    X(qualname, "__qualname__") X(module, "__module__") X(class, "__class__") X(dict, "__dict__") \
    X(weakref, "__weakref__")                                                                    \
    X(args, "args") X(cause, "__cause__") X(context, "__context__") X(main, "__main__")           \
    X(doc, "__doc__") X(base, "__base__") X(bases, "__bases__") X(mro, "__mro__")               \
    X(iadd, "__iadd__") X(isub, "__isub__") X(imul, "__imul__") X(itruediv, "__itruediv__")     \
    X(ifloordiv, "__ifloordiv__") X(imod, "__imod__") X(ipow, "__ipow__") X(iand, "__iand__")   \
    X(ior, "__ior__") X(ixor, "__ixor__") X(ilshift, "__ilshift__") X(irshift, "__irshift__")   \
    X(imatmul, "__imatmul__") X(divmod, "__divmod__") X(rdivmod, "__rdivmod__")  \
    X(enter, "__enter__") X(exit, "__exit__") X(new, "__new__") X(file, "__file__")             \
    X(package, "__package__") X(float, "__float__") X(index, "__index__") \
    X(int, "__int__") X(trunc, "__trunc__") X(floor, "__floor__") X(ceil, "__ceil__")             \
    X(keys, "keys") X(write, "write") X(missing, "__missing__") X(metaclass, "metaclass") \
    X(reversed, "__reversed__") X(prepare, "__prepare__") X(to_complex, "__complex__")         \
    X(instancecheck, "__instancecheck__") X(subclasscheck, "__subclasscheck__")                   \
    X(abstractmethods, "__abstractmethods__")

enum {
#define QK_NAME_ENUM(id, text) QK_NAME_##id,
    QK_NAME_LIST(QK_NAME_ENUM)
#undef QK_NAME_ENUM
        QK_NAME_COUNT
};

extern QkValue qk_names[QK_NAME_COUNT];
#define QK_NAME(id) (qk_names[QK_NAME_##id])

/* ---- the object model's types ---- */
extern QkType qk_method_type, qk_method_descr_type, qk_module_type, qk_super_type,
    qk_property_type, qk_classmethod_type, qk_staticmethod_type, qk_member_type;
extern QkType qk_exc_ImportError, qk_exc_ModuleNotFoundError, qk_exc_EOFError, qk_exc_OSError, qk_exc_NotImplementedError,
    qk_exc_KeyboardInterrupt, qk_exc_SystemExit, qk_exc_GeneratorExit, qk_exc_UnicodeError;

/* A function bound to an instance. */
typedef struct QkMethod {
    QkObject ob;
    QkValue func, self;
} QkMethod;

/* A method of a built-in type, as found in the type's namespace: bound on access. */
typedef struct QkMethodDescr {
    QkObject ob;
    const QkMethodDef *def;
    QkType *owner;
    bool wraps_slot; /* a dunder made from a slot (slot_methods.c): CPython's slot wrapper */
} QkMethodDescr;

/* CPython's _PyObject_FunctionStr, how call errors name what was called: "__main__.A.m()",
 * "print()", "list.append()". */
void qk_function_str(QkValue callable, char *out, size_t size);

typedef struct QkModule {
    QkObject ob;
    QkValue dict;
    QkValue name;      /* str */
    bool initializing; /* its code is running (an import of it was circular) */
} QkModule;

/* staticmethod, classmethod: the wrapped callable; property: getter, setter, deleter, and the
 * name a class statement's namespace gave it last (CPython's __set_name__), or QK_NULL. */
typedef struct QkDescriptor {
    QkObject ob;
    QkValue func;
    QkValue fset, fdel;
    QkValue name;
} QkDescriptor;

/* A slot of a class with __slots__: its value lives in the instance's attribute dict. */
typedef struct QkMember {
    QkObject ob;
    QkValue name; /* str */
    QkType *owner;
} QkMember;

/* Static types, besides the ones objects.c lists, that qk_init_types sets up. */
extern QkType *const qk_model_types[];
extern const size_t qk_model_type_count;

/* Creates the interned names and method descriptors (from qk_init_types). */
int qk_init_object_model(QkThread *tstate);
void qk_traverse_object_model(QkVisitFunc visit, void *arg);
/* Adds the object model's builtins (types, exceptions, functions) to the builtins dict. */
int qk_register_object_model_builtins(QkThread *tstate, QkValue builtins);

/* ---- class.c ---- */
uint32_t qk_next_type_version(void);
/* The class (built by a class statement) whose version is `version`, or NULL. */
QkType *qk_type_with_version(uint32_t version);
/* The bit of plain_names that stands for `name` (a str). */
static inline uint32_t qk_name_bit(QkValue name) { return (uint32_t)(qk_str_hash(name) & 63u); }
/* A class namespace changed (name: the attribute; added: it is new to the class's own dict):
 * new versions for it and every subclass, and its slots follow a dunder's change. An added
 * name flags them all QK_TYPE_MAY_SHADOW (instances may hold it already). */
void qk_type_modified(QkThread *tstate, QkType *type, QkValue name, bool added);
/* An instance of exactly `type` may now shadow a class attribute with a dict key: flags the
 * type QK_TYPE_MAY_SHADOW, renewing its version, unless it was flagged already. */
void qk_type_may_shadow(QkThread *tstate, QkType *type);
/* obj.__class__ = value (QK_NULL: del), with CPython's checks. */
int qk_set_class(QkThread *tstate, QkValue obj, QkValue value);
/* The class defines no __init__ (nor does a base but object): constructing it only allocates. */
bool qk_type_keeps_object_init(QkType *type);
/* Sets module.name = value (for the built-in modules' init functions). */
int qk_module_add(QkThread *tstate, QkValue module, const char *name, QkValue value);
/* Fill the math and cmath modules (math.c, cmath.c). */
int qk_init_math(QkThread *tstate, QkValue module);
int qk_init_cmath(QkThread *tstate, QkValue module);
/* Whether a callable is the math module's sqrt (a trace computes it inline). */
bool qk_is_math_sqrt(QkValue callable);
/* Fills the sys module (sysmodule.c). Its streams are TextIOWrappers: qk_stream_file is the FILE
 * one writes to (NULL for anything else), qk_read_line a line of a FILE ('' at its end). */
int qk_init_sys(QkThread *tstate, QkValue module);
/* Fills the time module (timemodule.c): time, perf_counter, monotonic, process_time, sleep. */
int qk_init_time(QkThread *tstate, QkValue module);
/* Fills the array module (arraymodule.c): array (and ArrayType), typecodes. */
int qk_init_array(QkThread *tstate, QkValue module);
extern QkType qk_array_type, qk_array_iter_type;
/* Fills the _abc module (class.c): type_lookup, for lib/abc.py and lib/collections/abc.py. */
int qk_init_abc(QkThread *tstate, QkValue module);
extern QkType qk_stream_type;
FILE *qk_stream_file(QkValue v);
QkValue qk_read_line(QkThread *tstate, FILE *file);
/* cls[key] (generic_alias.c): list[int] and the like as a GenericAlias, or the class's
 * __class_getitem__(key). */
extern QkType qk_generic_alias_type;
QkValue qk_class_getitem(QkThread *tstate, QkValue cls, QkValue key);
/* Puts a built-in type's dunder methods, made from its slots, in its namespace. */
int qk_add_slot_methods(QkThread *tstate, QkType *type);
/* Whether the class's __new__ is object's (not one a class defines). */
bool qk_type_keeps_object_new(QkType *type);
/* A class: an object whose type is `type` or a metaclass derived from it. */
static inline bool qk_is_class(QkValue v) {
    return qk_is_object(v) && (qk_as_object(v)->type == &qk_type_type ||
                               qk_type_is_subtype(qk_as_object(v)->type, &qk_type_type));
}
/* The class's __qualname__ ("Outer.Inner"), as CPython's messages and reprs name it. */
const char *qk_type_qualname(QkType *type);
/* The class's name as a str (heap types keep one; others make one). */
QkValue qk_type_name_value(QkThread *tstate, QkType *type);
/* Is the value an instance of the class (including subclasses)? */
static inline bool qk_isinstance(QkValue v, QkType *type) {
    return qk_type_is_subtype(qk_type_of(v), type);
}

/* Runs a class's __init__ on a new instance: the instance, or QK_NULL. */
QkValue qk_exception_run_init(QkThread *tstate, QkValue init, QkValue obj, QkValue *args,
                              size_t nargs, QkValue kwnames);
/* Assigns (value QK_NULL: deletes) through a property's setter (deleter). */
int qk_property_set(QkThread *tstate, QkValue descr, QkValue obj, QkValue value);

/* ---- attr.c ---- */
/* What object's own __getattribute__/__setattr__ (value QK_NULL: __delattr__) do for obj: the
 * slot of the nearest built-in base of its class, or the generic protocol; class hooks skipped. */
QkValue qk_object_getattr(QkThread *tstate, QkValue obj, QkValue name);
int qk_object_setattr(QkThread *tstate, QkValue obj, QkValue name, QkValue value);
/* The generic attribute lookup (no getattr slot): NULL, with nothing raised, when absent. */
QkValue qk_generic_getattr_or_null(QkThread *tstate, QkValue obj, QkValue name);
/* The same, or AttributeError: what a getattr slot does with the names it has no own value for. */
QkValue qk_generic_getattr(QkThread *tstate, QkValue obj, QkValue name);
QkValue qk_raise_no_attribute(QkThread *tstate, QkValue obj, QkValue name);
/* Sets (value QK_NULL: deletes) `name` in the attribute dict at *dict, made on first use. */
int qk_set_in_dict(QkThread *tstate, QkValue *dict, QkValue obj, QkValue name, QkValue value);
/* Sets (value QK_NULL: deletes) the attribute of `obj`, an instance of exactly `type`: every
 * write of an instance attribute goes through here. on_class: the type (or a base) has the
 * name; adding it to the instance then flags the type QK_TYPE_MAY_SHADOW. */
int qk_instance_store(QkThread *tstate, QkType *type, QkValue obj, QkValue name, QkValue value,
                      bool on_class);

/* The getattr slot of types: class attributes along the bases, descriptors bound for the class. */
QkValue qk_type_getattr(QkThread *tstate, QkValue type, QkValue name);
int qk_type_setattr(QkThread *tstate, QkValue type, QkValue name, QkValue value);
/* Binds a value found on a class to obj (functions, method descriptors, classmethods). */
QkValue qk_bind_class_attribute(QkThread *tstate, QkValue attr, QkValue obj);

/* ---- method.c ---- */
QkValue qk_method_descr_new(QkThread *tstate, QkType *owner, const QkMethodDef *def);
/* Puts a method descriptor per entry of the type's `methods` into its namespace. */
int qk_type_add_methods(QkThread *tstate, QkType *type);
/* Calls func(self, args...) without allocating for the usual argument counts. */
QkValue qk_call_with_self(QkThread *tstate, QkValue func, QkValue self, QkValue *args,
                          size_t nargs, QkValue kwnames);

/* ---- exceptions.c ---- */
/* The built-in exception types, BaseException first. */
extern QkType *const qk_exception_types[];
extern const size_t qk_exception_type_count;
/* A new exception of `type` with args (a tuple), no __init__ run. */
QkValue qk_exception_new(QkThread *tstate, QkType *type, QkValue args);
/* SystemExit.code: None, its one argument, or all of them (the exit status's source). */
QkValue qk_system_exit_code(QkValue exc);

/* ---- suggestions.c ---- */
/* Records what a lookup that raised the exception was about (the first lookup only). */
void qk_exception_set_subject(QkValue exc, QkValue name, QkValue obj);
/* The name an uncaught exception's printed line suggests ("Did you mean: ...?"), into out. */
bool qk_offer_suggestion(QkValue exc, char *out, size_t size);

/* ---- module.c ---- */
QkValue qk_module_new(QkThread *tstate, const char *name);
/* The built-in module `name` (math), made and initialized; QK_NONE if there is no such module,
 * QK_NULL on error. */
QkValue qk_builtin_module_new(QkThread *tstate, const char *name);

/* ---- builtin functions of the object model ---- */
#define QK_MODEL_BUILTIN(name)                                                                     \
    QkValue qk_builtin_##name(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,         \
                              QkValue kwnames)
QK_MODEL_BUILTIN(isinstance);
QK_MODEL_BUILTIN(issubclass);
QK_MODEL_BUILTIN(getattr);
QK_MODEL_BUILTIN(setattr);
QK_MODEL_BUILTIN(hasattr);
QK_MODEL_BUILTIN(delattr);
QK_MODEL_BUILTIN(callable);

#endif
