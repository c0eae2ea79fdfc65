// The replacement allocator: glibc documents replacing malloc this way ("Replacing malloc" in
// its manual): the executable defines the functions, the dynamic linker binds every library's
// calls to them, and each forwards to glibc's allocator under its exported `__libc_` name.
// glibc 2.36 exports __libc_malloc, __libc_calloc, __libc_realloc, __libc_free,
// __libc_memalign, __libc_valloc and __libc_pvalloc, but no __libc_posix_memalign nor
// __libc_aligned_alloc: both are built on __libc_memalign (glibc's own aligned_alloc is an
// alias of memalign), so no dlsym is needed and nothing is allocated before counting works.

#include "CAllocationCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static atomic_int counting;
static atomic_int_fast64_t all_allocations, all_frees, marked_allocations, marked_frees;

// initial-exec: the counter lives in the executable's static TLS block, whose access never
// allocates (a dynamic TLS block would be allocated on first use, from inside malloc).
#define THREAD_LOCAL __thread __attribute__((tls_model("initial-exec")))
// 0: not yet known; 1: marked; -1: not marked (see qa_allocation_mark_threads).
static THREAD_LOCAL int thread_marked;
static THREAD_LOCAL int64_t thread_allocations, thread_frees;
// The ids of the marked threads. Written before counting; a new list begins a new generation,
// in which each thread looks itself up again.
#define MAX_MARKED 64
static int32_t marked_ids[MAX_MARKED];
static atomic_int marked_count;
static atomic_int marked_generation;
static THREAD_LOCAL int thread_generation;

// Whether the calling thread is marked: its id is read once per generation (a system call, no
// allocation) and looked up among the marked ones.
static inline int is_marked(void) {
    int generation = atomic_load_explicit(&marked_generation, memory_order_acquire);
    if (thread_generation != generation) {
        int saved = errno;
        int32_t id = (int32_t)syscall(SYS_gettid);
        errno = saved;
        int count = atomic_load_explicit(&marked_count, memory_order_relaxed);
        thread_marked = -1;
        for (int index = 0; index < count; index++) {
            if (marked_ids[index] == id) thread_marked = 1;
        }
        thread_generation = generation;
    }
    return thread_marked > 0;
}

static inline void count_allocation(void) {
    if (!atomic_load_explicit(&counting, memory_order_relaxed)) return;
    atomic_fetch_add_explicit(&all_allocations, 1, memory_order_relaxed);
    thread_allocations += 1;
    if (is_marked()) atomic_fetch_add_explicit(&marked_allocations, 1, memory_order_relaxed);
}

static inline void count_free(void) {
    if (!atomic_load_explicit(&counting, memory_order_relaxed)) return;
    atomic_fetch_add_explicit(&all_frees, 1, memory_order_relaxed);
    thread_frees += 1;
    if (is_marked()) atomic_fetch_add_explicit(&marked_frees, 1, memory_order_relaxed);
}

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    // realloc(p, 0) frees p (and returns NULL) in glibc.
    if (pointer != NULL && size == 0) {
        count_free();
    } else {
        count_allocation();
    }
    return __libc_realloc(pointer, size);
}

void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(pointer, total);
}

void free(void *pointer) {
    if (pointer == NULL) return;
    count_free();
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    // The checks glibc's own posix_memalign makes, before memalign would round the alignment.
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) return EINVAL;
    count_allocation();
    void *memory = __libc_memalign(alignment, size);
    if (memory == NULL) return ENOMEM;
    *result = memory;
    return 0;
}

void *valloc(size_t size) {
    count_allocation();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count_allocation();
    return __libc_pvalloc(size);
}

void qa_allocation_counting(int on) {
    atomic_store_explicit(&counting, on, memory_order_seq_cst);
}

void qa_allocation_mark_threads(const int32_t *ids, int32_t count) {
    if (count > MAX_MARKED) count = MAX_MARKED;
    for (int index = 0; index < count; index++) marked_ids[index] = ids[index];
    atomic_store_explicit(&marked_count, count, memory_order_relaxed);
    atomic_fetch_add_explicit(&marked_generation, 1, memory_order_release);
}
qa_allocation_counts qa_allocation_counts_all(void) {
    qa_allocation_counts counts = {atomic_load(&all_allocations), atomic_load(&all_frees)};
    return counts;
}

qa_allocation_counts qa_allocation_counts_marked(void) {
    qa_allocation_counts counts = {atomic_load(&marked_allocations), atomic_load(&marked_frees)};
    return counts;
}

qa_allocation_counts qa_allocation_counts_this_thread(void) {
    qa_allocation_counts counts = {thread_allocations, thread_frees};
    return counts;
}
