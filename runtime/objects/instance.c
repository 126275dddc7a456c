/* Instance attributes: inline values named by the class, and the dict they move to.
 *
 * A class lists the names its instances were given (`inline_names`, in the order first given,
 * never reordered), and an instance that gets its attributes in that order keeps them inline:
 * `values[i]` is the attribute named inline_names[i], for i < count. So an attribute a class
 * version pins is one load at a fixed index, and a new instance of a class built the usual way
 * (`self.x = ...` in `__init__`) allocates no dict. Anything else (a name out of order, a
 * deletion, more than QK_INLINE_VALUES names, `__dict__` asked for, the instance's class changed)
 * moves the values into a dict for good, in the same order, and count becomes 0: from then on the
 * dict is the only storage, as before inline values existed. */
#include "builtin_subclass.h"
#include "objmodel.h"
#include "quack.h"
#include "types.h"

static QkInstance *as_instance(QkValue obj) { return (QkInstance *)qk_as_object(obj); }

/* Where the instance's attribute dict is: a subclass of a built-in type keeps only the dict,
 * after the built-in part (builtin_subclass.c), and never inline values. */
static QkValue *dict_slot(QkValue obj) {
    return qk_type_of(obj)->flags & QK_TYPE_BUILTIN_LAYOUT ? qk_builtin_subclass_dict(obj)
                                                            : &as_instance(obj)->dict;
}

static uint32_t inline_count(QkValue obj) {
    return qk_type_of(obj)->flags & QK_TYPE_BUILTIN_LAYOUT ? 0 : as_instance(obj)->count;
}

int64_t qk_inline_index(const QkType *type, QkValue name) {
    for (uint32_t i = 0; i < type->n_inline_names; i++) {
        if (type->inline_names[i] == name) {
            return i;
        }
    }
    for (uint32_t i = 0; i < type->n_inline_names; i++) {
        if (qk_str_equal(type->inline_names[i], name)) {
            return i;
        }
    }
    return -1;
}

QkValue qk_instance_get(QkValue obj, QkValue name) {
    QkValue dict = *dict_slot(obj);
    if (dict != QK_NULL) {
        return qk_dict_get(dict, name);
    }
    int64_t i = qk_inline_index(qk_type_of(obj), name);
    return i >= 0 && (uint32_t)i < inline_count(obj) ? as_instance(obj)->values[i] : QK_NULL;
}

QkValue qk_instance_dict(QkThread *tstate, QkValue obj) {
    if (*dict_slot(obj) != QK_NULL) {
        return *dict_slot(obj);
    }
    QkValue dict = qk_dict_new(tstate); /* obj is the caller's: rooted */
    if (dict == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &dict);
    const QkType *type = qk_type_of(obj);
    uint32_t count = inline_count(obj);
    QkInstance *inst = as_instance(obj);
    int failed = 0;
    for (uint32_t i = 0; i < count && !failed; i++) {
        failed = qk_dict_set(tstate, dict, type->inline_names[i], inst->values[i]) < 0;
    }
    qk_root_pop(tstate, 1);
    if (failed) {
        return QK_NULL;
    }
    if (count > 0) {
        for (uint32_t i = 0; i < count; i++) {
            inst->values[i] = QK_NULL;
        }
        inst->count = 0;
    }
    *dict_slot(obj) = dict;
    return dict;
}

/* Keeps the value inline if it can: 1 if it did, 0 if the caller must use the dict. */
static int set_inline(QkValue obj, QkValue name, QkValue value) {
    QkInstance *inst = as_instance(obj);
    QkType *type = qk_type_of(obj);
    if (*dict_slot(obj) != QK_NULL || (type->flags & QK_TYPE_BUILTIN_LAYOUT)) {
        return 0;
    }
    int64_t i = qk_inline_index(type, name);
    if (i >= 0 && (uint32_t)i < inst->count) {
        inst->values[i] = value;
        return 1;
    }
    if (i < 0 && inst->count == type->n_inline_names && inst->count < QK_INLINE_VALUES) {
        type->inline_names[type->n_inline_names++] = name;
        i = inst->count;
    }
    if (i == (int64_t)inst->count) {
        inst->values[inst->count++] = value;
        return 1;
    }
    return 0;
}

int qk_instance_set(QkThread *tstate, QkValue obj, QkValue name, QkValue value) {
    if (value != QK_NULL && set_inline(obj, name, value)) {
        return 0;
    }
    if (value == QK_NULL && qk_instance_get(obj, name) == QK_NULL) {
        qk_raise_no_attribute(tstate, obj, name);
        return -1;
    }
    qk_root_push(tstate, &value);
    qk_root_push(tstate, &name);
    QkValue dict = qk_instance_dict(tstate, obj);
    qk_root_pop(tstate, 2);
    if (dict == QK_NULL) {
        return -1;
    }
    if (value == QK_NULL) {
        return qk_dict_delitem(tstate, dict, name, NULL) > 0 ? 0 : -1;
    }
    return qk_dict_set(tstate, dict, name, value);
}

void qk_instance_traverse_attributes(QkObject *self, QkVisitFunc visit, void *arg) {
    QkInstance *inst = (QkInstance *)self;
    visit(inst->dict, arg);
    for (uint32_t i = 0; i < inst->count; i++) {
        visit(inst->values[i], arg);
    }
}

void qk_instance_each_name(QkValue obj, void (*each)(void *arg, QkValue name), void *arg) {
    const QkType *type = qk_type_of(obj);
    for (uint32_t i = 0; i < inline_count(obj); i++) {
        each(arg, type->inline_names[i]);
    }
    QkValue dict = *dict_slot(obj);
    int64_t pos = 0;
    QkValue key, value;
    while (dict != QK_NULL && qk_dict_next(dict, &pos, &key, &value)) {
        each(arg, key);
    }
}
