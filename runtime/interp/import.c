/* Import: `import a.b` and `from a.b import c`, as CPython's importlib does them for a program's
 * own modules. A module is a built-in one (module.c) or one the front end compiled into the image
 * (frontend/modules.py: tstate->image_modules). Its parents are imported first; it is in
 * tstate->modules (sys.modules) while its code runs, so a circular import finds it partially
 * initialized; a module whose code raised is removed again. */
#include <string.h>

#include "ceval.h"
#include "helpers.h"
#include "objmodel.h"
#include "quack.h"
#include "types.h"

/* Runs the module's code with its dict as globals, from the current frame. */
static int run_module_code(QkThread *tstate, QkValue module, QkValue code) {
    QkFrame *frame = qk_frame_push(tstate, tstate->current_frame, (QkCode *)code,
                                   ((QkModule *)module)->dict, 0);
    if (frame == NULL) {
        return -1;
    }
    ((QkModule *)module)->initializing = true;
    QkValue r = qk_eval_frame(tstate, frame);
    ((QkModule *)module)->initializing = false;
    return r == QK_NULL ? -1 : 0;
}

/* A new module for an image entry (code, is_package): __file__ and __package__ (the package a
 * relative import in it starts from) set, as importlib sets them. */
static QkValue module_from_image(QkThread *tstate, QkValue name, QkValue entry) {
    QkValue module = qk_module_new(tstate, qk_as_str(name)->data), package = QK_NULL;
    qk_root_push(tstate, &module);
    qk_root_push(tstate, &package);
    QkValue code = qk_as_tuple(entry)->items[0];
    const char *text = qk_as_str(name)->data, *dot = strrchr(text, '.');
    if (module != QK_NULL) {
        package = qk_as_tuple(entry)->items[1] == QK_TRUE ? ((QkModule *)module)->name
                  : dot != NULL ? qk_str_new(tstate, text, dot - text)
                                : qk_str_empty(tstate);
    }
    QkValue dict = module != QK_NULL ? ((QkModule *)module)->dict : QK_NULL;
    if (package == QK_NULL ||
        qk_dict_set(tstate, dict, QK_NAME(file), ((QkCode *)code)->filename) < 0 ||
        qk_dict_set(tstate, dict, QK_NAME(package), package) < 0) {
        module = QK_NULL;
    }
    qk_root_pop(tstate, 2);
    return module;
}

/* A package's __package__ is its own name (module_from_image). */
static bool is_package(QkValue module) {
    QkModule *m = (QkModule *)module;
    return qk_dict_get(m->dict, QK_NAME(package)) == m->name;
}

static QkValue not_found(QkThread *tstate, QkValue name, QkValue parent) {
    if (parent != QK_NULL && qk_is_type(parent, &qk_module_type) && !is_package(parent)) {
        return qk_raise(tstate, &qk_exc_ModuleNotFoundError,
                        "No module named '%s'; '%s' is not a package", qk_as_str(name)->data,
                        qk_as_str(((QkModule *)parent)->name)->data);
    }
    return qk_raise(tstate, &qk_exc_ModuleNotFoundError, "No module named '%s'",
                    qk_as_str(name)->data);
}

static QkValue import_module(QkThread *tstate, QkValue name);

/* Loads `name` (not yet in tstate->modules) after its parent, `parent_name`. */
static QkValue load_module(QkThread *tstate, QkValue name, QkValue parent_name) {
    QkValue parent = QK_NULL, module = QK_NULL, leaf = QK_NULL;
    qk_root_push(tstate, &parent);
    qk_root_push(tstate, &module);
    qk_root_push(tstate, &leaf);
    const char *text = qk_as_str(name)->data;
    if (parent_name != QK_NULL) {
        parent = import_module(tstate, parent_name);
        if (parent == QK_NULL) {
            goto done;
        }
        /* The parent's code may have imported this module. */
        if ((module = qk_dict_get(tstate->modules, name)) != QK_NULL) {
            goto done;
        }
    }
    QkValue entry = tstate->image_modules != QK_NULL ? qk_dict_get(tstate->image_modules, name)
                                                     : QK_NULL;
    if (entry != QK_NULL) {
        module = module_from_image(tstate, name, entry);
    } else if (parent_name == QK_NULL) {
        module = qk_builtin_module_new(tstate, text);
        if (module == QK_NONE) {
            module = not_found(tstate, name, QK_NULL);
        }
    } else {
        module = not_found(tstate, name, parent);
    }
    if (module == QK_NULL || qk_dict_set(tstate, tstate->modules, name, module) < 0) {
        module = QK_NULL;
        goto done;
    }
    if (entry != QK_NULL && run_module_code(tstate, module, qk_as_tuple(entry)->items[0]) < 0) {
        QkValue raised = tstate->exception;
        tstate->exception = QK_NULL;
        qk_dict_delitem(tstate, tstate->modules, name, NULL);
        tstate->exception = raised;
        module = QK_NULL;
        goto done;
    }
    /* What the module's code left in sys.modules, bound in its parent as importlib does. */
    module = qk_dict_get(tstate->modules, name);
    if (module == QK_NULL) {
        module = qk_raise(tstate, &qk_exc_KeyError, "'%s'", text);
    } else if (parent != QK_NULL) {
        const char *dot = strrchr(text, '.');
        leaf = qk_str_from_cstr(tstate, dot + 1);
        if (leaf == QK_NULL || qk_setattr(tstate, parent, leaf, module) < 0) {
            module = QK_NULL;
        }
    }
done:
    qk_root_pop(tstate, 3);
    return module;
}

/* The module `name` (dotted), imported with its parents if it is not yet. */
static QkValue import_module(QkThread *tstate, QkValue name) {
    QkValue module = qk_dict_get(tstate->modules, name);
    if (module != QK_NULL) {
        return module;
    }
    const char *text = qk_as_str(name)->data, *dot = strrchr(text, '.');
    QkValue parent_name = dot != NULL ? qk_str_new(tstate, text, dot - text) : QK_NULL;
    if (dot != NULL && parent_name == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &name);
    qk_root_push(tstate, &parent_name);
    module = load_module(tstate, name, parent_name);
    qk_root_pop(tstate, 2);
    return module;
}

/* A relative import the front end could not resolve (frontend/imports.py): CPython's errors. */
static QkValue relative_import_error(QkThread *tstate, QkFrame *frame) {
    QkValue package = qk_dict_get(frame->globals, QK_NAME(package));
    bool has_package = package != QK_NULL && qk_is_str(package) && qk_as_str(package)->length > 0;
    return qk_raise(tstate, &qk_exc_ImportError,
                    has_package ? "attempted relative import beyond top-level package"
                                : "attempted relative import with no known parent package");
}

QkValue qk_import_name(QkThread *tstate, QkFrame *frame, uint32_t name_index) {
    QkValue name = frame->code->names[name_index];
    if (qk_as_str(name)->data[0] == '.') {
        return relative_import_error(tstate, frame);
    }
    if (tstate->modules == QK_NULL && (tstate->modules = qk_dict_new(tstate)) == QK_NULL) {
        return QK_NULL;
    }
    return import_module(tstate, name);
}

/* `from m import x`: the attribute, else the submodule m.x (imported if m is a package), else
 * CPython's ImportError, which names a module caught in a circular import. */
QkValue qk_import_from(QkThread *tstate, QkFrame *frame, QkValue module, uint32_t name_index) {
    QkValue name = frame->code->names[name_index];
    QkValue v = qk_getattr(tstate, module, name);
    if (v != QK_NULL || !qk_isinstance(tstate->exception, &qk_exc_AttributeError) ||
        !qk_is_type(module, &qk_module_type)) {
        return v;
    }
    tstate->exception = QK_NULL;
    QkModule *m = (QkModule *)module;
    QkValue full = QK_NULL;
    qk_root_push(tstate, &module);
    qk_root_push(tstate, &full);
    QkBuf b = {0};
    if (qk_buf_printf(tstate, &b, "%s.%s", qk_as_str(m->name)->data, qk_as_str(name)->data) < 0 ||
        (full = qk_buf_finish(tstate, &b)) == QK_NULL) {
        qk_buf_free(&b);
        qk_root_pop(tstate, 2);
        return QK_NULL;
    }
    v = qk_dict_get(tstate->modules, full);
    bool submodule = tstate->image_modules != QK_NULL &&
                     qk_dict_get(tstate->image_modules, full) != QK_NULL;
    if (v == QK_NULL && submodule && is_package(module)) {
        v = import_module(tstate, full);
    } else if (v == QK_NULL) {
        QkValue file = qk_dict_get(m->dict, QK_NAME(file));
        const char *where = file != QK_NULL && qk_is_str(file) ? qk_as_str(file)->data : NULL;
        qk_raise(tstate, &qk_exc_ImportError,
                 m->initializing ? "cannot import name '%s' from partially initialized module "
                                   "'%s' (most likely due to a circular import) (%s)"
                                 : "cannot import name '%s' from '%s' (%s)",
                 qk_as_str(name)->data, qk_as_str(m->name)->data,
                 where != NULL ? where : "unknown location");
    }
    qk_root_pop(tstate, 2);
    return v;
}
