/* Tier 1: the interpreter loop runs the generated instruction cases (quack_tier1_cases.c.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ceval.h"
#include "quack_metadata.h"
#include "trace.h"

#define DATASTACK_WORDS (1u << 20)
#define DEFAULT_RECURSION_LIMIT 1000

int qk_thread_init(QkThread *tstate) {
    memset(tstate, 0, sizeof *tstate);
    tstate->datastack_base = malloc(DATASTACK_WORDS * sizeof(QkValue));
    if (tstate->datastack_base == NULL) {
        return -1;
    }
    tstate->datastack_top = tstate->datastack_base;
    tstate->datastack_limit = tstate->datastack_base + DATASTACK_WORDS;
    tstate->recursion_limit = DEFAULT_RECURSION_LIMIT;
    tstate->gc_threshold = 1u << 20;
    return qk_init_types(tstate) < 0 ? -1 : qk_init_builtins(tstate);
}

void qk_thread_fini(QkThread *tstate) {
    qk_trace_abort(tstate, "shutdown");
    tstate->current_frame = NULL;
    qk_free_all(tstate);
    free(tstate->datastack_base);
    free(tstate->traceback);
}

static QkFrame *push_frame(QkThread *tstate, QkFrame *previous, QkCode *code, QkValue globals) {
    size_t words = (sizeof(QkFrame) + sizeof(QkValue) - 1) / sizeof(QkValue) + code->nlocals +
                   code->stacksize;
    if (tstate->frame_depth >= tstate->recursion_limit ||
        (size_t)(tstate->datastack_limit - tstate->datastack_top) < words) {
        qk_raise(tstate, &qk_exc_RecursionError, "maximum recursion depth exceeded");
        return NULL;
    }
    QkFrame *frame = (QkFrame *)tstate->datastack_top;
    tstate->datastack_top += words;
    frame->code = code;
    frame->globals = globals;
    frame->previous = previous;
    frame->instr_ptr = code->code;
    frame->is_entry = 0;
    for (uint32_t i = 0; i < code->nlocals; i++) {
        frame->localsplus[i] = QK_NULL;
    }
    frame->stack_pointer = frame->localsplus + code->nlocals;
    tstate->current_frame = frame;
    tstate->frame_depth++;
    return frame;
}

static void pop_frame(QkThread *tstate, QkFrame *frame) {
    tstate->datastack_top = (QkValue *)frame;
    tstate->current_frame = frame->previous;
    tstate->frame_depth--;
}

static void raise_arg_count(QkThread *tstate, QkCode *code, uint32_t nargs) {
    const char *name = qk_as_str(code->name)->data;
    uint32_t want = code->argcount;
    if (nargs > want) {
        qk_raise(tstate, &qk_exc_TypeError, "%s() takes %u positional argument%s but %u %s given",
                 name, want, want == 1 ? "" : "s", nargs, nargs == 1 ? "was" : "were");
        return;
    }
    /* CPython lists the missing names: 'a', 'a' and 'b', 'a', 'b', and 'c'. */
    char names[256] = "";
    uint32_t missing = want - nargs;
    for (uint32_t i = nargs; i < want; i++) {
        size_t len = strlen(names);
        const char *sep = i == nargs ? "" : (missing == 2 ? " and " : (i + 1 == want ? ", and " : ", "));
        snprintf(names + len, sizeof names - len, "%s'%s'", sep,
                 qk_as_str(code->varnames[i])->data);
    }
    qk_raise(tstate, &qk_exc_TypeError, "%s() missing %u required positional argument%s: %s",
             name, missing, missing == 1 ? "" : "s", names);
}

QkFrame *qk_push_frame(QkThread *tstate, QkFrame *caller, QkValue func, QkValue *args,
                       uint32_t nargs) {
    QkFunction *f = (QkFunction *)func;
    QkCode *code = (QkCode *)f->code;
    if (nargs != code->argcount) {
        raise_arg_count(tstate, code, nargs);
        return NULL;
    }
    QkFrame *frame = push_frame(tstate, caller, code, f->globals);
    if (frame != NULL) {
        memcpy(frame->localsplus, args, nargs * sizeof(QkValue));
    }
    return frame;
}

static void add_traceback(QkThread *tstate, QkFrame *frame) {
    if (tstate->tb_count == tstate->tb_capacity) {
        int capacity = tstate->tb_capacity ? tstate->tb_capacity * 2 : 16;
        void *grown = realloc(tstate->traceback, (size_t)capacity * sizeof *tstate->traceback);
        if (grown == NULL) {
            return;
        }
        tstate->traceback = grown;
        tstate->tb_capacity = capacity;
    }
    uint32_t offset = (uint32_t)(frame->instr_ptr - frame->code->code);
    tstate->traceback[tstate->tb_count++] =
        (struct QkTracebackEntry){frame->code, frame->code->lines[offset]};
}

/* Tier-1 spellings of the control transfers generated cases use. */
#define TARGET(op) case op:
#define DISPATCH() goto dispatch
#define DISPATCH_INLINED(new_frame)                                                                \
    do {                                                                                           \
        frame->stack_pointer = stack_pointer;                                                      \
        frame = (new_frame);                                                                       \
        next_instr = frame->instr_ptr;                                                             \
        stack_pointer = frame->stack_pointer;                                                      \
        goto dispatch;                                                                             \
    } while (0)
#define LEAVE_FRAME(value)                                                                         \
    do {                                                                                           \
        QkValue result_ = (value);                                                                 \
        QkFrame *done_ = frame;                                                                    \
        pop_frame(tstate, done_);                                                                  \
        if (done_->is_entry) {                                                                     \
            return result_;                                                                        \
        }                                                                                          \
        frame = done_->previous;                                                                   \
        next_instr = frame->instr_ptr + 1 + qk_cache_size[CALL];                                   \
        stack_pointer = frame->stack_pointer;                                                      \
        *stack_pointer++ = result_;                                                                \
        goto dispatch;                                                                             \
    } while (0)

/* Runs frames until `entry` returns; returns its value, or QK_NULL with the exception set. */
static QkValue eval(QkThread *tstate, QkFrame *entry) {
    QkFrame *frame = entry;
    QkCodeUnit *next_instr = frame->instr_ptr;
    QkValue *stack_pointer = frame->stack_pointer;
    uint32_t opcode;
    int oparg; /* signed: stack offsets like stack_pointer[-1 - oparg] must not wrap */
    entry->is_entry = 1;

dispatch:
    if (tstate->recorder != NULL) {
        qk_trace_record(tstate, frame, next_instr);
    }
    opcode = *next_instr & 0xff;
    oparg = (int)(*next_instr >> 8);
    switch (opcode) {
#include "quack_tier1_cases.c.h"
    default:
        fprintf(stderr, "quack: internal error: unknown opcode %u\n", opcode);
        abort();
    }

error:
    qk_trace_abort(tstate, "error");
    frame->stack_pointer = stack_pointer;
    for (;;) {
        add_traceback(tstate, frame);
        QkFrame *done = frame;
        pop_frame(tstate, done);
        if (done->is_entry) {
            return QK_NULL;
        }
        frame = done->previous;
    }
}

static void print_source_line(const char *filename, uint32_t line) {
    FILE *f = fopen(filename, "r");
    if (f == NULL) {
        return;
    }
    char buffer[4096];
    for (uint32_t n = 1; fgets(buffer, sizeof buffer, f) != NULL; n++) {
        if (n == line) {
            char *start = buffer;
            while (*start == ' ' || *start == '\t') {
                start++;
            }
            start[strcspn(start, "\r\n")] = '\0';
            if (*start != '\0') {
                fprintf(stderr, "    %s\n", start);
            }
            break;
        }
    }
    fclose(f);
}

static void print_exception(QkThread *tstate) {
    fputs("Traceback (most recent call last):\n", stderr);
    for (int i = tstate->tb_count - 1; i >= 0; i--) {
        QkCode *code = tstate->traceback[i].code;
        const char *filename = qk_as_str(code->filename)->data;
        fprintf(stderr, "  File \"%s\", line %u, in %s\n", filename, tstate->traceback[i].line,
                qk_as_str(code->name)->data);
        print_source_line(filename, tstate->traceback[i].line);
    }
    QkException *exc = (QkException *)tstate->exception;
    if (exc->message != QK_NULL && qk_as_str(exc->message)->length > 0) {
        fprintf(stderr, "%s: %s\n", exc->base.ob.type->name, qk_as_str(exc->message)->data);
    } else {
        fprintf(stderr, "%s\n", exc->base.ob.type->name);
    }
}

int qk_run_module(QkThread *tstate, QkValue code) {
    QkValue name = QK_NULL;
    qk_root_push(tstate, &code);
    qk_root_push(tstate, &name);
    tstate->globals = qk_dict_new(tstate);
    name = qk_str_from_cstr(tstate, "__name__");
    QkValue main_name = name == QK_NULL ? QK_NULL : qk_str_from_cstr(tstate, "__main__");
    int failed = tstate->globals == QK_NULL || main_name == QK_NULL ||
                 qk_dict_set(tstate, tstate->globals, name, main_name) < 0;
    QkFrame *frame = failed ? NULL : push_frame(tstate, NULL, (QkCode *)code, tstate->globals);
    qk_root_pop(tstate, 2);
    if (frame == NULL || eval(tstate, frame) == QK_NULL) {
        fflush(stdout);
        print_exception(tstate);
        return 1;
    }
    return 0;
}
