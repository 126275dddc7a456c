/* Generators: a generator owns a suspended frame. Resuming it links that frame into the frame
 * chain and runs it (qk_eval_frame) until YIELD_VALUE suspends it again or it returns. */
#include <stdalign.h>
#include <stdio.h>

#include "ceval.h"
#include "quack.h"

enum { GEN_CREATED, GEN_SUSPENDED, GEN_RUNNING, GEN_FINISHED };

typedef struct QkGenerator {
    QkObject ob;
    QkValue func;
    int state;
    /* The frame (QkFrame has a flexible array member, so it cannot be a member itself). */
    alignas(QkFrame) unsigned char frame_memory[];
} QkGenerator;

static QkFrame *frame_of(QkGenerator *gen) { return (QkFrame *)gen->frame_memory; }

static void generator_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkGenerator *gen = (QkGenerator *)self;
    visit(gen->func, arg);
    if (gen->state == GEN_FINISHED) {
        return;
    }
    QkFrame *frame = frame_of(gen);
    visit(frame->globals, arg);
    visit(frame->locals, arg);
    for (QkValue *p = frame->localsplus; p < frame->stack_pointer; p++) {
        visit(*p, arg);
    }
}

static QkValue generator_repr(QkThread *tstate, QkValue self) {
    char buffer[256];
    QkGenerator *gen = (QkGenerator *)self;
    snprintf(buffer, sizeof buffer, "<generator object %s at %p>",
             qk_as_str(((QkCode *)((QkFunction *)gen->func)->code)->qualname)->data,
             (void *)self);
    return qk_str_from_cstr(tstate, buffer);
}

/* Resumes the generator with `value`: its next yielded value (*done = 0), or its return value
 * (*done = 1), or QK_NULL with an exception. */
static QkValue generator_send(QkThread *tstate, QkGenerator *gen, QkValue value, int *done) {
    *done = 0;
    switch (gen->state) {
    case GEN_RUNNING:
        return qk_raise(tstate, &qk_exc_ValueError, "generator already executing");
    case GEN_FINISHED:
        *done = 1;
        return QK_NONE;
    case GEN_CREATED:
        if (value != QK_NONE) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            "can't send non-None value to a just-started generator");
        }
        break;
    default:
        *frame_of(gen)->stack_pointer++ = value;
        break;
    }
    if (tstate->frame_depth >= tstate->recursion_limit) {
        return qk_raise(tstate, &qk_exc_RecursionError, "maximum recursion depth exceeded");
    }
    QkFrame *frame = frame_of(gen);
    frame->previous = tstate->current_frame;
    tstate->current_frame = frame;
    tstate->frame_depth++;
    gen->state = GEN_RUNNING;
    QkValue result = qk_eval_frame(tstate, frame);
    if (result != QK_NULL && tstate->yielded) {
        gen->state = GEN_SUSPENDED;
        return result;
    }
    gen->state = GEN_FINISHED;
    *done = result != QK_NULL;
    return result;
}

/* The iterator protocol: exhaustion is QK_NULL with no exception set, or, when the generator
 * returned a value, with StopIteration(value) set: next() passes it on, loops (qk_iter_next)
 * treat it as the end. */
static QkValue generator_next(QkThread *tstate, QkValue self) {
    int done;
    QkValue result = generator_send(tstate, (QkGenerator *)self, QK_NONE, &done);
    if (!done) {
        return result;
    }
    return result == QK_NONE ? QK_NULL : qk_raise_stop_iteration(tstate, result);
}

static QkValue generator_iter(QkThread *tstate, QkValue self) {
    (void)tstate;
    return self;
}

static QkValue generator_send_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                     QkValue kwnames) {
    if (nargs != 1 || kwnames != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "generator.send() takes exactly one argument (%zu given)", nargs);
    }
    int done;
    QkValue result = generator_send(tstate, (QkGenerator *)self, args[0], &done);
    return done ? qk_raise_stop_iteration(tstate, result) : result;
}

static const QkMethodDef generator_methods[] = {
    {"send", generator_send_method},
    {NULL, NULL},
};

QkType qk_generator_type = {
    QK_STATIC_TYPE,
    .name = "generator",
    .traverse = generator_traverse,
    .repr = generator_repr,
    .iter = generator_iter,
    .next = generator_next,
    .methods = generator_methods,
};

QkValue qk_generator_new(QkThread *tstate, QkValue func, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    QkFunction *f = (QkFunction *)func;
    QkCode *code = (QkCode *)f->code;
    QkValue keep = func;
    qk_root_push(tstate, &keep);
    QkGenerator *gen = (QkGenerator *)qk_alloc(tstate, &qk_generator_type,
                                               sizeof(QkGenerator) + qk_frame_size(code));
    qk_root_pop(tstate, 1);
    if (gen == NULL) {
        return QK_NULL;
    }
    f = (QkFunction *)keep;
    gen->func = keep;
    gen->state = GEN_CREATED;
    QkFrame *frame = frame_of(gen);
    qk_frame_init(frame, code, f->globals);
    frame->func = keep;
    frame->owned_by_generator = 1;
    QkValue result = (QkValue)gen;
    qk_root_push(tstate, &result);
    int failed = qk_bind_arguments(tstate, frame, keep, args, nargs, kwnames);
    qk_root_pop(tstate, 1);
    return failed ? QK_NULL : result;
}

QkValue qk_send(QkThread *tstate, QkValue receiver, QkValue value, int *done) {
    if (qk_is_type(receiver, &qk_generator_type)) {
        return generator_send(tstate, (QkGenerator *)receiver, value, done);
    }
    if (value != QK_NONE) {
        return qk_raise(tstate, &qk_exc_TypeError, "'%s' object has no attribute 'send'",
                        qk_type_name(receiver));
    }
    QkValue item = qk_iter_next(tstate, receiver);
    *done = item == QK_NULL && tstate->exception == QK_NULL;
    return *done ? QK_NONE : item;
}
