/* Modules: module objects, the built-in module table, and import. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "objmodel.h"
#include "quack.h"
#include "types.h"

/* ---- module objects ---- */

static void module_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkModule *)self)->dict, arg);
    visit(((QkModule *)self)->name, arg);
}

static QkValue module_repr(QkThread *tstate, QkValue self) {
    char buffer[256];
    snprintf(buffer, sizeof buffer, "<module '%s' (built-in)>",
             qk_as_str(((QkModule *)self)->name)->data);
    return qk_str_from_cstr(tstate, buffer);
}

static QkValue module_getattr(QkThread *tstate, QkValue self, QkValue name) {
    QkValue v = qk_dict_get(((QkModule *)self)->dict, name);
    return v != QK_NULL ? v : qk_raise_no_attribute(tstate, self, name);
}

static int module_setattr(QkThread *tstate, QkValue self, QkValue name, QkValue value) {
    QkValue dict = ((QkModule *)self)->dict;
    if (value != QK_NULL) {
        return qk_dict_set(tstate, dict, name, value);
    }
    int r = qk_dict_delitem(tstate, dict, name, NULL);
    if (r == 0) {
        qk_raise_no_attribute(tstate, self, name);
    }
    return r > 0 ? 0 : -1;
}

QkType qk_module_type = {
    QK_STATIC_TYPE,
    .name = "module",
    .traverse = module_traverse,
    .repr = module_repr,
    .getattr = module_getattr,
    .setattr = module_setattr,
};

QkValue qk_module_new(QkThread *tstate, const char *name) {
    QkValue module = QK_NULL, text = QK_NULL;
    qk_root_push(tstate, &module);
    qk_root_push(tstate, &text);
    module = (QkValue)qk_alloc(tstate, &qk_module_type, sizeof(QkModule));
    QkValue dict = module == QK_NULL ? QK_NULL : qk_dict_new(tstate);
    if (dict != QK_NULL) {
        ((QkModule *)module)->dict = dict;
        text = qk_str_from_cstr(tstate, name);
    }
    if (text == QK_NULL || qk_dict_set(tstate, dict, QK_NAME(name), text) < 0) {
        module = QK_NULL;
    } else {
        ((QkModule *)module)->name = text;
    }
    qk_root_pop(tstate, 2);
    return module;
}

/* Sets module.name = value, keeping the module alive across the allocations. */
int qk_module_add(QkThread *tstate, QkValue module, const char *name, QkValue value) {
    QkValue key = QK_NULL;
    qk_root_push(tstate, &value);
    qk_root_push(tstate, &key);
    key = qk_str_from_cstr(tstate, name);
    int r = key == QK_NULL ? -1 : qk_dict_set(tstate, ((QkModule *)module)->dict, key, value);
    qk_root_pop(tstate, 2);
    return r;
}

/* ---- import ---- */

static const struct {
    const char *name;
    int (*init)(QkThread *tstate, QkValue module);
} builtin_modules[] = {
    {"math", qk_init_math},
};

/* The module, made on first import and kept in tstate->modules. */
QkValue qk_import_name(QkThread *tstate, QkFrame *frame, uint32_t name_index) {
    QkValue name = frame->code->names[name_index];
    if (tstate->modules == QK_NULL) {
        tstate->modules = qk_dict_new(tstate);
        if (tstate->modules == QK_NULL) {
            return QK_NULL;
        }
    }
    QkValue module = qk_dict_get(tstate->modules, name);
    if (module != QK_NULL) {
        return module;
    }
    for (size_t i = 0; i < sizeof builtin_modules / sizeof builtin_modules[0]; i++) {
        if (strcmp(builtin_modules[i].name, qk_as_str(name)->data) != 0) {
            continue;
        }
        module = qk_module_new(tstate, builtin_modules[i].name);
        if (module == QK_NULL) {
            return QK_NULL;
        }
        qk_root_push(tstate, &module);
        int failed = builtin_modules[i].init(tstate, module) < 0 ||
                     qk_dict_set(tstate, tstate->modules, name, module) < 0;
        qk_root_pop(tstate, 1);
        return failed ? QK_NULL : module;
    }
    return qk_raise(tstate, &qk_exc_ModuleNotFoundError, "No module named '%s'",
                    qk_as_str(name)->data);
}

QkValue qk_import_from(QkThread *tstate, QkFrame *frame, QkValue module, uint32_t name_index) {
    QkValue name = frame->code->names[name_index];
    QkValue v = qk_getattr(tstate, module, name);
    if (v == QK_NULL && qk_isinstance(tstate->exception, &qk_exc_AttributeError)) {
        QkValue module_name = qk_is_type(module, &qk_module_type) ? ((QkModule *)module)->name
                                                                  : QK_NULL;
        tstate->exception = QK_NULL;
        return qk_raise(tstate, &qk_exc_ImportError,
                        "cannot import name '%s' from '%s' (unknown location)",
                        qk_as_str(name)->data,
                        module_name != QK_NULL ? qk_as_str(module_name)->data : "?");
    }
    return v;
}
