/* Raising and handling exceptions, and the traceback of an uncaught one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "objmodel.h"

void qk_exception_add_traceback(QkThread *tstate, QkFrame *frame) {
    if (tstate->reraising) {
        tstate->reraising = 0;
        return;
    }
    QkException *exc = (QkException *)tstate->exception;
    if (exc->tb_count == exc->tb_capacity) {
        uint32_t capacity = exc->tb_capacity ? exc->tb_capacity * 2 : 8;
        QkTracebackEntry *grown = realloc(exc->traceback, capacity * sizeof *grown);
        if (grown == NULL) {
            return; /* a shorter traceback, not a second error */
        }
        exc->traceback = grown;
        exc->tb_capacity = capacity;
    }
    uint32_t offset = (uint32_t)(frame->instr_ptr - frame->code->code);
    exc->traceback[exc->tb_count++] = (QkTracebackEntry){
        frame->code, frame->code->lines[offset], frame->code->caret_spans[offset],
        frame->code->caret_anchors[offset]};
}

/* An exception class, an instance, or QK_NULL after raising TypeError. */
static QkValue instantiate(QkThread *tstate, QkValue v) {
    if (qk_is_type(v, &qk_type_type) && (((QkType *)v)->flags & QK_TYPE_EXCEPTION)) {
        return qk_call(tstate, v, NULL, 0, QK_NULL);
    }
    if (qk_is_exception(v)) {
        return v;
    }
    return qk_raise(tstate, &qk_exc_TypeError, "exceptions must derive from BaseException");
}

void qk_raise_varargs(QkThread *tstate, QkValue *args, uint32_t n) {
    if (n == 0) {
        if (tstate->exc_info == QK_NULL) {
            qk_raise(tstate, &qk_exc_RuntimeError, "No active exception to reraise");
            return;
        }
        tstate->exception = tstate->exc_info;
        return;
    }
    QkValue exc = instantiate(tstate, args[0]);
    if (exc == QK_NULL) {
        return;
    }
    QkValue cause = QK_NULL;
    if (n == 2 && args[1] != QK_NONE) {
        qk_root_push(tstate, &exc);
        cause = instantiate(tstate, args[1]);
        qk_root_pop(tstate, 1);
        if (cause == QK_NULL) {
            return;
        }
    }
    QkException *e = (QkException *)exc;
    if (n == 2) {
        e->cause = cause;
        e->suppress_context = true;
    }
    if (tstate->exc_info != exc) {
        e->context = tstate->exc_info;
    }
    tstate->exception = exc;
}

QkValue qk_push_exc_info(QkThread *tstate, QkValue exc) {
    QkValue prev = tstate->exc_info;
    tstate->exc_info = exc;
    return prev;
}

void qk_pop_exc_info(QkThread *tstate, QkValue prev) { tstate->exc_info = prev; }

static int is_exception_class(QkValue v) {
    return qk_is_type(v, &qk_type_type) && (((QkType *)v)->flags & QK_TYPE_EXCEPTION);
}

int qk_exception_matches(QkThread *tstate, QkValue exc, QkValue type) {
    if (qk_is_type(type, &qk_tuple_type)) {
        QkTuple *t = qk_as_tuple(type);
        for (int64_t i = 0; i < t->size; i++) {
            int matches = qk_exception_matches(tstate, exc, t->items[i]);
            if (matches != 0) {
                return matches;
            }
        }
        return 0;
    }
    if (!is_exception_class(type)) {
        qk_raise(tstate, &qk_exc_TypeError,
                 "catching classes that do not inherit from BaseException is not allowed");
        return -1;
    }
    return qk_type_is_subtype(qk_type_of(exc), (QkType *)type);
}

void qk_reraise(QkThread *tstate, QkValue exc) {
    tstate->exception = exc;
    tstate->reraising = 1;
}

QkValue qk_assertion_error_type(void) { return (QkValue)&qk_exc_AssertionError; }

/* ---- the with statement ---- */

QkValue qk_enter_context(QkThread *tstate, QkValue mgr, QkValue *exit) {
    QkType *type = qk_type_of(mgr);
    QkValue enter = qk_type_lookup(type, QK_NAME(enter));
    if (enter == QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "'%s' object does not support the context manager protocol", type->name);
    }
    QkValue exit_attr = qk_type_lookup(type, QK_NAME(exit));
    if (exit_attr == QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "'%s' object does not support the context manager protocol (missed "
                        "__exit__ method)",
                        type->name);
    }
    QkValue bound_exit = QK_NULL, bound_enter = QK_NULL, result = QK_NULL;
    qk_root_push(tstate, &mgr);
    qk_root_push(tstate, &bound_exit);
    qk_root_push(tstate, &bound_enter);
    bound_exit = qk_bind_class_attribute(tstate, exit_attr, mgr);
    if (bound_exit != QK_NULL) {
        bound_enter = qk_bind_class_attribute(tstate, enter, mgr);
    }
    if (bound_enter != QK_NULL) {
        result = qk_call(tstate, bound_enter, NULL, 0, QK_NULL);
    }
    qk_root_pop(tstate, 3);
    *exit = bound_exit;
    return result;
}

/* quack has no traceback objects, so __exit__ gets None for the traceback. */
QkValue qk_exit_context(QkThread *tstate, QkValue exit, QkValue exc) {
    QkValue args[3] = {(QkValue)qk_type_of(exc), exc, QK_NONE};
    return qk_call(tstate, exit, args, 3, QK_NULL);
}

/* ---- printing an uncaught exception ---- */

#define NO_CARETS 0xFFFFFFFFu

/* Under the source line: spaces to the span's start, then `^` over it, or with anchors `~` over
 * it and `^` over (left, right] (CPython 3.11's print_error_location_carets). */
static void print_carets(uint32_t span, uint32_t anchors) {
    uint32_t start = span & 0xFFFF, end = span >> 16;
    uint32_t left = anchors & 0xFFFF, right = anchors >> 16;
    fputs("    ", stderr);
    for (uint32_t i = 0; i < start; i++) {
        fputc(' ', stderr);
    }
    for (uint32_t i = 1; i <= end - start; i++) {
        bool inner = anchors != NO_CARETS && left < i && i <= right;
        fputc(anchors == NO_CARETS || inner ? '^' : '~', stderr);
    }
    fputc('\n', stderr);
}

static void print_source_line(const char *filename, const QkTracebackEntry *entry) {
    FILE *f = fopen(filename, "r");
    if (f == NULL) {
        return;
    }
    char buffer[4096];
    for (uint32_t n = 1; fgets(buffer, sizeof buffer, f) != NULL; n++) {
        if (n == entry->line) {
            char *start = buffer;
            while (*start == ' ' || *start == '\t') {
                start++;
            }
            start[strcspn(start, "\r\n")] = '\0';
            if (*start != '\0') {
                fprintf(stderr, "    %s\n", start);
                if (entry->caret_span != NO_CARETS) {
                    print_carets(entry->caret_span, entry->caret_anchors);
                }
            }
            break;
        }
    }
    fclose(f);
}

static void print_one(QkThread *tstate, QkValue value) {
    QkException *exc = (QkException *)value;
    if (exc->cause != QK_NULL) {
        print_one(tstate, exc->cause);
        fputs("\nThe above exception was the direct cause of the following exception:\n\n",
              stderr);
    } else if (exc->context != QK_NULL && !exc->suppress_context) {
        print_one(tstate, exc->context);
        fputs("\nDuring handling of the above exception, another exception occurred:\n\n",
              stderr);
    }
    if (exc->tb_count > 0) {
        fputs("Traceback (most recent call last):\n", stderr);
    }
    for (uint32_t i = exc->tb_count; i-- > 0;) {
        QkCode *code = exc->traceback[i].code;
        const char *filename = qk_as_str(code->filename)->data;
        fprintf(stderr, "  File \"%s\", line %u, in %s\n", filename, exc->traceback[i].line,
                qk_as_str(code->name)->data);
        print_source_line(filename, &exc->traceback[i]);
    }
    /* Classes of __main__ and builtins print without their module, as in CPython. */
    const char *name = exc->base.ob.type->name;
    QkValue message = qk_str(tstate, value);
    if (message == QK_NULL) {
        tstate->exception = QK_NULL;
        fprintf(stderr, "%s: <exception str() failed>\n", name);
    } else {
        char suggestion[256];
        bool suggest = qk_offer_suggestion(value, suggestion, sizeof suggestion);
        fprintf(stderr, "%s%s%s%s%s%s\n", name, qk_as_str(message)->length > 0 ? ": " : "",
                qk_as_str(message)->data, suggest ? ". Did you mean: '" : "",
                suggest ? suggestion : "", suggest ? "'?" : "");
    }
}

int qk_exit_status(QkThread *tstate, QkValue exc) {
    if (!qk_type_is_subtype(qk_type_of(exc), &qk_exc_SystemExit)) {
        qk_print_exception(tstate, exc);
        return 1;
    }
    /* CPython's handle_system_exit: the code is the only argument (or all of them); None is
     * success, an int the status, anything else printed as the message of a failure. */
    tstate->exception = QK_NULL;
    qk_root_push(tstate, &exc);
    QkValue code = qk_system_exit_code(exc);
    int status = 0;
    if (qk_is_int_like(code)) {
        status = (int)qk_int_like_value(code);
    } else if (code != QK_NONE) {
        QkValue text = qk_str(tstate, code);
        if (text != QK_NULL) {
            fprintf(stderr, "%s\n", qk_as_str(text)->data);
        }
        tstate->exception = QK_NULL;
        status = 1;
    }
    qk_root_pop(tstate, 1);
    return status;
}

void qk_print_exception(QkThread *tstate, QkValue exc) {
    qk_root_push(tstate, &exc);
    tstate->exception = QK_NULL;
    print_one(tstate, exc);
    qk_root_pop(tstate, 1);
}
