/* Modules: module objects and the built-in module table (import itself: interp/import.c). */
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

/* <module 'm' from '/path/m.py'>, or <module 'math' (built-in)>. */
static QkValue module_repr(QkThread *tstate, QkValue self) {
    QkModule *m = (QkModule *)self;
    QkValue file = qk_dict_get(m->dict, QK_NAME(file));
    QkBuf b = {0};
    int failed = file != QK_NULL && qk_is_str(file)
                     ? qk_buf_printf(tstate, &b, "<module '%s' from '%s'>",
                                     qk_as_str(m->name)->data, qk_as_str(file)->data)
                     : qk_buf_printf(tstate, &b, "<module '%s' (built-in)>",
                                     qk_as_str(m->name)->data);
    if (failed) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
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

/* ---- built-in modules ---- */

static const struct {
    const char *name;
    int (*init)(QkThread *tstate, QkValue module);
} builtin_modules[] = {
    {"cmath", qk_init_cmath},
    {"_abc", qk_init_abc},
    {"array", qk_init_array},
    {"math", qk_init_math},
    {"sys", qk_init_sys},
    {"time", qk_init_time},
};

QkValue qk_builtin_module_new(QkThread *tstate, const char *name) {
    for (size_t i = 0; i < sizeof builtin_modules / sizeof builtin_modules[0]; i++) {
        if (strcmp(builtin_modules[i].name, name) != 0) {
            continue;
        }
        QkValue module = qk_module_new(tstate, name);
        if (module == QK_NULL) {
            return QK_NULL;
        }
        qk_root_push(tstate, &module);
        int failed = builtin_modules[i].init(tstate, module) < 0;
        qk_root_pop(tstate, 1);
        return failed ? QK_NULL : module;
    }
    return QK_NONE;
}
