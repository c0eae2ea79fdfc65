#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

// Counts calls into the C allocator, in process. Linking this target into an executable
// replaces malloc, free, calloc, realloc, reallocarray, posix_memalign, aligned_alloc, memalign,
// valloc and pvalloc for the whole process (the Swift runtime, Foundation, libmicrohttpd and
// SQLite included): each forwards to glibc's own allocator and, while counting is on, counts.
// Never link it into a program that is run under a sanitizer (which replaces malloc itself).

#include <stdint.h>

/// Calls into the allocator: `allocations` asked for memory (malloc, calloc, realloc,
/// reallocarray, and the aligned ones), `frees` gave memory back (free, realloc to size 0).
typedef struct {
    int64_t allocations;
    int64_t frees;
} qa_allocation_counts;

/// Switches counting on (every thread) or off. Counts only grow: read them before and after.
void qa_allocation_counting(int on);

/// Marks the threads whose ids (gettid) are the `count` first of `ids` (at most 64), and no other,
/// so that their calls count in `qa_allocation_counts_marked`. Call it before counting. A thread
/// reads its id once, at its first call counted, without allocating.
void qa_allocation_mark_threads(const int32_t *ids, int32_t count);

/// Calls counted on every thread since the process started.
qa_allocation_counts qa_allocation_counts_all(void);

/// Calls counted on marked threads since the process started.
qa_allocation_counts qa_allocation_counts_marked(void);

/// Calls counted on the calling thread since it started.
qa_allocation_counts qa_allocation_counts_this_thread(void);

#endif
