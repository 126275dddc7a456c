/* The attribute protocol (abstract.h): instance dicts, class attributes along the MRO,
 * binding of what is found on a class, and the getattr/setattr/hasattr/delattr builtins. */
#include "builtin_subclass.h"
#include "objmodel.h"
#include "quack.h"
#include "types.h"

/* qk_type_lookup's results, as CPython's type attribute cache: an entry is keyed by the type's
 * version (one counter for every type, renewed by any change to it or a base, so a version names
 * one state of one type) and the name's identity. A value is returned only while the version is
 * current, when the namespace that holds it is unchanged, so it is alive. The collector marks the
 * names (qk_type_cache_traverse): no other string can take the address of one an entry holds. */
#define TYPE_CACHE_SIZE 4096
static struct TypeCacheEntry {
    uint32_t version;
    QkValue name, value;
} type_cache[TYPE_CACHE_SIZE];

static QkValue lookup_uncached(QkType *type, QkValue name) {
    const QkTuple *mro = qk_as_tuple(type->mro);
    for (int64_t i = 0; i < mro->size; i++) {
        QkValue dict = ((QkType *)mro->items[i])->dict;
        QkValue v = dict != QK_NULL ? qk_dict_get(dict, name) : QK_NULL;
        if (v != QK_NULL) {
            return v;
        }
    }
    return QK_NULL;
}

QkValue qk_type_lookup(QkType *type, QkValue name) {
    uint32_t version = type->version;
    if (version == 0) {
        return lookup_uncached(type, name);
    }
    struct TypeCacheEntry *e =
        &type_cache[(version * 2654435761u ^ qk_str_hash(name)) % TYPE_CACHE_SIZE];
    if (e->version != version || e->name != name) {
        *e = (struct TypeCacheEntry){version, name, lookup_uncached(type, name)};
    }
    return e->value;
}

void qk_type_cache_traverse(QkVisitFunc visit, void *arg) {
    for (size_t i = 0; i < TYPE_CACHE_SIZE; i++) {
        visit(type_cache[i].name, arg);
    }
}

QkValue qk_bind_class_attribute(QkThread *tstate, QkValue attr, QkValue obj) {
    QkDescrGetFunc get = qk_type_of(attr)->descr_get;
    return get != NULL ? get(tstate, attr, obj) : attr;
}

QkValue qk_raise_no_attribute(QkThread *tstate, QkValue obj, QkValue name) {
    const char *n = qk_as_str(name)->data;
    if (qk_is_class(obj)) {
        return qk_raise(tstate, &qk_exc_AttributeError, "type object '%s' has no attribute '%s'",
                        ((QkType *)obj)->name, n);
    }
    if (qk_is_type(obj, &qk_module_type)) {
        return qk_raise(tstate, &qk_exc_AttributeError, "module '%s' has no attribute '%s'",
                        qk_as_str(((QkModule *)obj)->name)->data, n);
    }
    return qk_raise(tstate, &qk_exc_AttributeError, "'%s' object has no attribute '%s'",
                    qk_type_name(obj), n);
}

static bool has_attributes(QkValue obj) {
    return qk_is_object(obj) &&
           (qk_type_of(obj)->flags & (QK_TYPE_HAS_DICT | QK_TYPE_BUILTIN_LAYOUT));
}

/* CPython's order, for the descriptors quack has: a property on the class wins over the
 * instance dict, the instance dict over anything else on the class. */
QkValue qk_generic_getattr_or_null(QkThread *tstate, QkValue obj, QkValue name) {
    QkType *t = qk_type_of(obj);
    QkValue attr = qk_type_lookup(t, name);
    if (qk_is_type(attr, &qk_property_type)) {
        return qk_bind_class_attribute(tstate, attr, obj);
    }
    bool has = has_attributes(obj);
    QkValue v = has ? qk_instance_get(obj, name) : QK_NULL;
    if (v != QK_NULL) {
        return v;
    }
    if (attr != QK_NULL) {
        return qk_bind_class_attribute(tstate, attr, obj);
    }
    if (qk_str_equal(name, QK_NAME(class))) {
        return (QkValue)t;
    }
    if (has && !(t->flags & QK_TYPE_SLOTTED) && qk_str_equal(name, QK_NAME(dict))) {
        /* Whoever holds the dict may add any key to it. */
        qk_type_may_shadow(tstate, t);
        return qk_instance_dict(tstate, obj);
    }
    return QK_NULL;
}

QkValue qk_generic_getattr(QkThread *tstate, QkValue obj, QkValue name) {
    QkValue v = qk_generic_getattr_or_null(tstate, obj, name);
    return v != QK_NULL || tstate->exception != QK_NULL ? v : qk_raise_no_attribute(tstate, obj, name);
}

static bool check_name(QkThread *tstate, QkValue name) {
    if (qk_is_str(name)) {
        return true;
    }
    qk_raise(tstate, &qk_exc_TypeError, "attribute name must be string, not '%s'",
             qk_type_name(name));
    return false;
}

/* The type whose slots stand for object's own attribute protocol on instances of t: the
 * nearest built-in type of its layout chain. */
static QkType *builtin_base(QkType *t) {
    while (t->flags & QK_TYPE_HEAP) {
        t = t->base;
    }
    return t;
}

static QkValue getattr_with(QkThread *tstate, QkType *t, QkValue obj, QkValue name) {
    if (t->getattr != NULL) {
        return t->getattr(tstate, obj, name);
    }
    QkValue r = qk_generic_getattr_or_null(tstate, obj, name);
    return r != QK_NULL || tstate->exception != QK_NULL ? r
                                                        : qk_raise_no_attribute(tstate, obj, name);
}

QkValue qk_getattr(QkThread *tstate, QkValue obj, QkValue name) {
    if (!check_name(tstate, name)) {
        return QK_NULL;
    }
    QkValue r = getattr_with(tstate, qk_type_of(obj), obj, name);
    /* As CPython's PyObject_GetAttr: an AttributeError out of any lookup learns what it was
     * about, for the suggestion its traceback may print. */
    if (r == QK_NULL && tstate->exception != QK_NULL &&
        qk_isinstance(tstate->exception, &qk_exc_AttributeError)) {
        qk_exception_set_subject(tstate->exception, name, obj);
    }
    return r;
}

QkValue qk_object_getattr(QkThread *tstate, QkValue obj, QkValue name) {
    return check_name(tstate, name)
               ? getattr_with(tstate, builtin_base(qk_type_of(obj)), obj, name)
               : QK_NULL;
}

QkValue qk_load_method(QkThread *tstate, QkValue obj, QkValue name, QkValue *self) {
    QkType *t = qk_type_of(obj);
    if (t->getattr == NULL) {
        QkValue attr = qk_type_lookup(t, name);
        if (qk_is_type(attr, &qk_function_type) || qk_is_type(attr, &qk_method_descr_type)) {
            if (!has_attributes(obj) || qk_instance_get(obj, name) == QK_NULL) {
                *self = obj;
                return attr;
            }
        }
    }
    *self = QK_NULL;
    return qk_getattr(tstate, obj, name);
}

int qk_set_in_dict(QkThread *tstate, QkValue *dict, QkValue obj, QkValue name, QkValue value) {
    if (value == QK_NULL) {
        int r = *dict == QK_NULL ? 0 : qk_dict_delitem(tstate, *dict, name, NULL);
        if (r == 0) {
            qk_raise_no_attribute(tstate, obj, name);
        }
        return r > 0 ? 0 : -1;
    }
    if (*dict == QK_NULL) {
        qk_root_push(tstate, &value);
        qk_root_push(tstate, &name);
        *dict = qk_dict_new(tstate);
        qk_root_pop(tstate, 2);
        if (*dict == QK_NULL) {
            return -1;
        }
    }
    return qk_dict_set(tstate, *dict, name, value);
}

/* The generic store (no setattr slot) into an instance of t. */
static int generic_setattr(QkThread *tstate, QkType *t, QkValue obj, QkValue name,
                           QkValue value) {
    if (qk_str_equal(name, QK_NAME(class))) {
        return qk_set_class(tstate, obj, value);
    }
    QkValue attr = qk_type_lookup(t, name);
    if (qk_is_type(attr, &qk_property_type)) {
        return qk_property_set(tstate, attr, obj, value);
    }
    bool has = has_attributes(obj);
    bool member = qk_is_type(attr, &qk_member_type);
    if (!has || ((t->flags & QK_TYPE_SLOTTED) && !member)) {
        qk_raise(tstate, &qk_exc_AttributeError,
                 attr != QK_NULL && has ? "'%s' object attribute '%s' is read-only"
                                        : "'%s' object has no attribute '%s'",
                 t->name, qk_as_str(name)->data);
        return -1;
    }
    if (member && value == QK_NULL && qk_instance_get(obj, name) == QK_NULL) {
        /* An empty slot's deletion names just the slot, as CPython's member descriptor does. */
        qk_raise(tstate, &qk_exc_AttributeError, "%s", qk_as_str(name)->data);
        return -1;
    }
    /* A slot's value is the slot itself, not a shadow of the descriptor. */
    return qk_instance_store(tstate, t, obj, name, value, attr != QK_NULL && !member);
}

int qk_setattr(QkThread *tstate, QkValue obj, QkValue name, QkValue value) {
    if (!check_name(tstate, name)) {
        return -1;
    }
    QkType *t = qk_type_of(obj);
    return t->setattr != NULL ? t->setattr(tstate, obj, name, value)
                              : generic_setattr(tstate, t, obj, name, value);
}

int qk_object_setattr(QkThread *tstate, QkValue obj, QkValue name, QkValue value) {
    if (!check_name(tstate, name)) {
        return -1;
    }
    if (qk_is_class(obj)) {
        /* CPython's hackcheck: type's own setattr is not object's. */
        qk_raise(tstate, &qk_exc_TypeError, "can't apply this %s to type object",
                 value == QK_NULL ? "__delattr__" : "__setattr__");
        return -1;
    }
    QkType *t = qk_type_of(obj);
    QkType *b = builtin_base(t);
    return b->setattr != NULL ? b->setattr(tstate, obj, name, value)
                              : generic_setattr(tstate, t, obj, name, value);
}

int qk_instance_store(QkThread *tstate, QkType *type, QkValue obj, QkValue name, QkValue value,
                      bool on_class) {
    /* A new attribute naming one found on the class: instances of the type may shadow. */
    if (value != QK_NULL && on_class && !(type->flags & QK_TYPE_MAY_SHADOW) &&
        qk_instance_get(obj, name) == QK_NULL) {
        qk_type_may_shadow(tstate, type);
    }
    return qk_instance_set(tstate, obj, name, value);
}

/* ---- attributes of classes ---- */

/* What a class shows besides its namespace: __name__, __qualname__, __module__, __base__ ... */
static QkValue type_special(QkThread *tstate, QkType *t, QkValue name) {
    if (qk_str_equal(name, QK_NAME(name)) || qk_str_equal(name, QK_NAME(qualname))) {
        return qk_type_name_value(tstate, t);
    }
    if (qk_str_equal(name, QK_NAME(module))) {
        const char *dot = strrchr(t->name, '.');
        return dot != NULL ? qk_str_new(tstate, t->name, dot - t->name)
                           : qk_str_from_cstr(tstate, "builtins");
    }
    if (qk_str_equal(name, QK_NAME(base))) {
        return t->base != NULL ? (QkValue)t->base : QK_NONE;
    }
    if (qk_str_equal(name, QK_NAME(bases))) {
        QkValue base = (QkValue)t->base;
        return t->bases != QK_NULL ? t->bases
                                   : qk_tuple_from_array(tstate, &base, t->base != NULL);
    }
    if (qk_str_equal(name, QK_NAME(mro))) {
        return t->mro;
    }
    if (qk_str_equal(name, QK_NAME(class))) {
        return (QkValue)qk_type_of((QkValue)t);
    }
    return QK_NULL;
}

QkValue qk_type_getattr(QkThread *tstate, QkValue type, QkValue name) {
    QkType *t = (QkType *)type;
    /* A metaclass's data descriptors (properties) come first, as in CPython's
     * type.__getattribute__; its other attributes come after the class's own. */
    QkType *meta = qk_type_of(type);
    QkValue meta_attr = meta != &qk_type_type ? qk_type_lookup(meta, name) : QK_NULL;
    if (qk_is_type(meta_attr, &qk_property_type)) {
        return qk_bind_class_attribute(tstate, meta_attr, type);
    }
    QkValue attr = qk_type_lookup(t, name);
    if (attr != QK_NULL) {
        /* Through the class, functions stay plain; classmethods bind to it. */
        if (qk_is_type(attr, &qk_classmethod_type) || qk_is_type(attr, &qk_staticmethod_type)) {
            return qk_bind_class_attribute(tstate, attr, type);
        }
        return attr;
    }
    QkValue special = type_special(tstate, t, name);
    if (special != QK_NULL || tstate->exception != QK_NULL) {
        return special;
    }
    /* Methods of the metaclass (`type` itself, or one derived from it), bound to the class. */
    attr = meta_attr != QK_NULL ? meta_attr : qk_dict_get(qk_type_type.dict, name);
    if (attr != QK_NULL) {
        return qk_bind_class_attribute(tstate, attr, type);
    }
    return qk_raise_no_attribute(tstate, type, name);
}

int qk_type_setattr(QkThread *tstate, QkValue type, QkValue name, QkValue value) {
    QkType *t = (QkType *)type;
    if (qk_str_equal(name, QK_NAME(class))) {
        return qk_set_class(tstate, type, value);
    }
    if (!(t->flags & QK_TYPE_HEAP)) {
        qk_raise(tstate, &qk_exc_TypeError, "cannot set '%s' attribute of immutable type '%s'",
                 qk_as_str(name)->data, t->name);
        return -1;
    }
    bool added = value != QK_NULL && qk_dict_get(t->dict, name) == QK_NULL;
    if (qk_set_in_dict(tstate, &t->dict, type, name, value) < 0) {
        return -1;
    }
    qk_type_modified(tstate, t, name, added);
    return 0;
}

/* ---- builtins ---- */

int qk_lookup_attr(QkThread *tstate, QkValue obj, QkValue name, QkValue *out) {
    *out = qk_getattr(tstate, obj, name);
    if (*out != QK_NULL) {
        return 1;
    }
    if (!qk_isinstance(tstate->exception, &qk_exc_AttributeError)) {
        return -1;
    }
    tstate->exception = QK_NULL;
    return 0;
}

QK_MODEL_BUILTIN(getattr) {
    (void)self;
    if (qk_check_args(tstate, "getattr", nargs, kwnames, 2, 3) < 0) {
        return QK_NULL;
    }
    if (nargs == 2) {
        return qk_getattr(tstate, args[0], args[1]);
    }
    QkValue r;
    int found = qk_lookup_attr(tstate, args[0], args[1], &r);
    return found < 0 ? QK_NULL : found ? r : args[2];
}

QK_MODEL_BUILTIN(hasattr) {
    (void)self;
    if (qk_check_args(tstate, "hasattr", nargs, kwnames, 2, 2) < 0) {
        return QK_NULL;
    }
    QkValue r;
    int found = qk_lookup_attr(tstate, args[0], args[1], &r);
    return found < 0 ? QK_NULL : qk_bool(found);
}

QK_MODEL_BUILTIN(setattr) {
    (void)self;
    if (qk_check_args(tstate, "setattr", nargs, kwnames, 3, 3) < 0) {
        return QK_NULL;
    }
    return qk_setattr(tstate, args[0], args[1], args[2]) < 0 ? QK_NULL : QK_NONE;
}

QK_MODEL_BUILTIN(delattr) {
    (void)self;
    if (qk_check_args(tstate, "delattr", nargs, kwnames, 2, 2) < 0) {
        return QK_NULL;
    }
    return qk_setattr(tstate, args[0], args[1], QK_NULL) < 0 ? QK_NULL : QK_NONE;
}
