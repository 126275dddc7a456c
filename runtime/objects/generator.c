/* Generators: a generator owns a suspended frame. Resuming it links that frame into the frame
 * chain and runs it until YIELD_VALUE suspends it again or it returns: from C (next, send) in a
 * nested qk_eval_frame, from a for loop (FOR_ITER_GEN) inline, in the loop's own interpreter loop
 * or trace, like a call. */
#include <stdio.h>

#include "ceval.h"
#include "genframe.h"
#include "quack.h"

static void generator_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkGenerator *gen = (QkGenerator *)self;
    visit(gen->func, arg);
    if (gen->state == QK_GEN_FINISHED) {
        return;
    }
    QkFrame *frame = qk_generator_frame(gen);
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

/* Links the generator's frame above `caller`, with `value` sent in: the frame to run, or NULL
 * with an exception set (it is running, or too deep), or NULL without one (it has finished). */
static QkFrame *enter(QkThread *tstate, QkGenerator *gen, QkValue value) {
    switch (gen->state) {
    case QK_GEN_RUNNING:
        qk_raise(tstate, &qk_exc_ValueError, "generator already executing");
        return NULL;
    case QK_GEN_FINISHED:
        return NULL;
    case QK_GEN_CREATED:
        if (value != QK_NONE) {
            qk_raise(tstate, &qk_exc_TypeError,
                     "can't send non-None value to a just-started generator");
            return NULL;
        }
        break;
    default:
        break;
    }
    return qk_generator_link(tstate, (QkValue)gen, value);
}

/* Resumes the generator with `value`: its next yielded value (*done = 0), or its return value
 * (*done = 1), or QK_NULL with an exception. */
static QkValue generator_send(QkThread *tstate, QkGenerator *gen, QkValue value, int *done) {
    QkFrame *frame = enter(tstate, gen, value);
    if (frame == NULL) {
        *done = !qk_error_occurred(tstate);
        return *done ? QK_NONE : QK_NULL;
    }
    /* *done is written only now: it may be the thread's flag, which sends nested in this run
     * write too (_SEND_TIER_TWO). */
    QkValue result = qk_eval_frame(tstate, frame);
    *done = result != QK_NULL && !tstate->yielded; /* YIELD_VALUE marked it suspended */
    return result;
}

QkFrame *qk_generator_resume(QkThread *tstate, QkValue gen) {
    return enter(tstate, (QkGenerator *)gen, QK_NONE);
}

void qk_generator_finished(QkFrame *frame) { qk_frame_generator(frame)->state = QK_GEN_FINISHED; }

void qk_generator_raised(QkThread *tstate, QkFrame *frame) {
    qk_generator_finished(frame);
    QkValue stop = tstate->exception;
    if (!qk_type_is_subtype(qk_type_of(stop), &qk_exc_StopIteration)) {
        return;
    }
    /* PEP 479: a StopIteration leaving a generator would end the loop running it quietly. */
    qk_root_push(tstate, &stop);
    tstate->exception = QK_NULL;
    qk_raise(tstate, &qk_exc_RuntimeError, "generator raised StopIteration");
    qk_root_pop(tstate, 1);
    if (qk_type_is_subtype(qk_type_of(tstate->exception), &qk_exc_RuntimeError)) {
        ((QkException *)tstate->exception)->cause = stop;
    }
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
    gen->state = QK_GEN_CREATED;
    QkFrame *frame = qk_generator_frame(gen);
    qk_frame_init(frame, code, f->globals, 0);
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
