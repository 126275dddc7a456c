/* Names: globals (then builtins), and the namespace dict a class body runs with. */
#include "objmodel.h"
#include "quack.h"

static const char *name_of(QkFrame *frame, uint32_t name_index) {
    return qk_as_str(frame->code->names[name_index])->data;
}

/* The failed lookup, for the suggestion the traceback prints. */
static void subject(QkThread *tstate, QkFrame *frame, QkValue name) {
    if (tstate->exception != QK_NULL) {
        qk_exception_set_subject(tstate->exception, name, frame->globals);
    }
}

static QkValue name_error(QkThread *tstate, QkFrame *frame, uint32_t name_index) {
    qk_raise(tstate, &qk_exc_NameError, "name '%s' is not defined", name_of(frame, name_index));
    subject(tstate, frame, frame->code->names[name_index]);
    return QK_NULL;
}

QkValue qk_load_global(QkThread *tstate, QkFrame *frame, uint32_t name_index) {
    QkValue name = frame->code->names[name_index];
    QkValue v = qk_dict_get(frame->globals, name);
    if (v == QK_NULL) {
        v = qk_dict_get(tstate->builtins, name);
    }
    return v != QK_NULL ? v : name_error(tstate, frame, name_index);
}

int qk_store_global(QkThread *tstate, QkFrame *frame, uint32_t name_index, QkValue value) {
    return qk_dict_set(tstate, frame->globals, frame->code->names[name_index], value) < 0;
}

/* Deleting from a namespace dict: a missing name is the caller's NameError. */
static int delete_from(QkThread *tstate, QkValue dict, QkValue name) {
    return qk_setitem(tstate, dict, name, QK_NULL);
}

int qk_delete_global(QkThread *tstate, QkFrame *frame, uint32_t name_index) {
    QkValue name = frame->code->names[name_index];
    if (qk_dict_get(frame->globals, name) == QK_NULL) {
        name_error(tstate, frame, name_index);
        return 1;
    }
    return delete_from(tstate, frame->globals, name) < 0;
}

static QkValue namespace_of(QkFrame *frame) {
    return frame->locals != QK_NULL ? frame->locals : frame->globals;
}

/* A class body's namespace made by a metaclass's __prepare__ may be any mapping: it is read and
 * written through its own __getitem__ and __setitem__, as CPython's LOAD_NAME and STORE_NAME do
 * for anything but an exact dict. */
static bool is_plain_namespace(QkValue ns) { return qk_is_type(ns, &qk_dict_type); }

QkValue qk_load_name(QkThread *tstate, QkFrame *frame, uint32_t name_index) {
    QkValue name = frame->code->names[name_index];
    QkValue ns = namespace_of(frame);
    QkValue v;
    if (is_plain_namespace(ns)) {
        v = qk_dict_get(ns, name);
    } else if ((v = qk_getitem(tstate, ns, name)) == QK_NULL) {
        if (!qk_isinstance(tstate->exception, &qk_exc_KeyError)) {
            return QK_NULL;
        }
        tstate->exception = QK_NULL;
    }
    return v != QK_NULL ? v : qk_load_global(tstate, frame, name_index);
}

int qk_store_name(QkThread *tstate, QkFrame *frame, uint32_t name_index, QkValue value) {
    QkValue ns = namespace_of(frame), name = frame->code->names[name_index];
    return (is_plain_namespace(ns) ? qk_dict_set(tstate, ns, name, value)
                                   : qk_setitem(tstate, ns, name, value)) < 0;
}

int qk_delete_name(QkThread *tstate, QkFrame *frame, uint32_t name_index) {
    QkValue name = frame->code->names[name_index];
    QkValue ns = namespace_of(frame);
    if (!is_plain_namespace(ns)) {
        if (qk_setitem(tstate, ns, name, QK_NULL) == 0) {
            return 0;
        }
        if (!qk_isinstance(tstate->exception, &qk_exc_KeyError)) {
            return 1;
        }
        tstate->exception = QK_NULL;
        name_error(tstate, frame, name_index);
        return 1;
    }
    if (qk_dict_get(ns, name) == QK_NULL) {
        name_error(tstate, frame, name_index);
        return 1;
    }
    return delete_from(tstate, namespace_of(frame), name) < 0;
}

void qk_raise_unbound_local(QkThread *tstate, QkFrame *frame, uint32_t local_index) {
    qk_raise(tstate, &qk_exc_UnboundLocalError,
             "cannot access local variable '%s' where it is not associated with a value",
             qk_as_str(frame->code->varnames[local_index])->data);
}

void qk_raise_unbound_deref(QkThread *tstate, QkFrame *frame, uint32_t local_index) {
    const char *name = qk_as_str(frame->code->varnames[local_index])->data;
    if (frame->code->kinds[local_index] == QK_LOCAL_FREE) {
        qk_raise(tstate, &qk_exc_NameError,
                 "cannot access free variable '%s' where it is not associated with a value in "
                 "enclosing scope",
                 name);
        subject(tstate, frame, frame->code->varnames[local_index]);
    } else {
        qk_raise_unbound_local(tstate, frame, local_index);
    }
}
