/*
 * A plain C 6-6-3 IDA* for the 15-puzzle: the reference solver that
 * `cargo xtask bench` compiles with `cc -O2` and runs beside the Rust one.
 *
 * Written for this workspace as a straightforward baseline, not tuned:
 * each pattern database is built by a 0-1 breadth-first search over
 * (placement of the pattern tiles, blank cell) states, where a blank move
 * into a cell free of pattern tiles costs 0 and a pattern tile's move costs
 * 1, and keeps the least value over the blank's cells (Korf & Felner 2002).
 * Placements are ranked as k-permutations of the 16 cells. IDA* updates the
 * moved tile's group value per move and never undoes the last move.
 *
 * Input: one instance a line on stdin, 16 tiles row-major, 0 the blank;
 * the goal has the blank at cell 0 and tile t at cell t.
 * Output: one line per instance (length, nodes expanded), then totals and
 * the seconds spent building the tables and searching.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CELLS 16
#define GROUPS 3

static const int group_tiles[GROUPS][6] = {
    {4, 5, 8, 9, 12, 13}, {6, 7, 10, 11, 14, 15}, {1, 2, 3}};
static const int group_size[GROUPS] = {6, 6, 3};
static uint8_t *table[GROUPS];
static uint64_t weight[GROUPS][6];
static int group_of[CELLS];
static int adjacent[CELLS][4], adjacent_count[CELLS];

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint64_t rank(int g, const int *cells) {
    uint32_t used = 0;
    uint64_t r = 0;
    for (int i = 0; i < group_size[g]; i++) {
        int below = __builtin_popcount(used & ((1u << cells[i]) - 1));
        r += (uint64_t)(cells[i] - below) * weight[g][i];
        used |= 1u << cells[i];
    }
    return r;
}

static void unrank(int g, uint64_t r, int *cells) {
    uint32_t used = 0;
    for (int i = 0; i < group_size[g]; i++) {
        uint64_t d = r / weight[g][i];
        r %= weight[g][i];
        int c = 0;
        for (;; c++) {
            if (!(used & (1u << c))) {
                if (d == 0) break;
                d--;
            }
        }
        cells[i] = c;
        used |= 1u << c;
    }
}

static void build(int g) {
    int k = group_size[g];
    uint64_t count = 1;
    for (int i = k - 1; i >= 0; i--) {
        weight[g][i] = count;
        count *= (uint64_t)(CELLS - i);
    }
    uint64_t states = count * CELLS;
    uint8_t *dist = malloc(states);
    uint32_t *now_list = malloc(states * sizeof(uint32_t));
    uint32_t *next_list = malloc(states * sizeof(uint32_t));
    memset(dist, 255, states);
    int cells[6];
    for (int i = 0; i < k; i++) cells[i] = group_tiles[g][i];
    uint64_t start = rank(g, cells) * CELLS + 0;
    dist[start] = 0;
    uint64_t n_now = 0, n_next = 0;
    now_list[n_now++] = (uint32_t)start;
    for (int d = 0; n_now > 0; d++) {
        /* The list grows while it is read: free blank moves stay in layer d. */
        for (uint64_t at = 0; at < n_now; at++) {
            uint32_t s = now_list[at];
            if (dist[s] != d) continue;
            uint64_t r = s / CELLS;
            int blank = s % CELLS;
            unrank(g, r, cells);
            uint32_t occupied = 0;
            for (int i = 0; i < k; i++) occupied |= 1u << cells[i];
            for (int j = 0; j < adjacent_count[blank]; j++) {
                int to = adjacent[blank][j];
                if (occupied & (1u << to)) {
                    /* A pattern tile slides into the blank: cost 1. */
                    int i = 0;
                    while (cells[i] != to) i++;
                    cells[i] = blank;
                    uint64_t t = rank(g, cells) * CELLS + to;
                    cells[i] = to;
                    if (dist[t] > d + 1) {
                        dist[t] = d + 1;
                        next_list[n_next++] = (uint32_t)t;
                    }
                } else {
                    uint64_t t = r * CELLS + to;
                    if (dist[t] > d) {
                        dist[t] = d;
                        now_list[n_now++] = (uint32_t)t;
                    }
                }
            }
        }
        uint32_t *swap = now_list;
        now_list = next_list;
        next_list = swap;
        n_now = n_next;
        n_next = 0;
    }
    table[g] = malloc(count);
    for (uint64_t r = 0; r < count; r++) {
        uint8_t best = 255;
        for (int b = 0; b < CELLS; b++)
            if (dist[r * CELLS + b] < best) best = dist[r * CELLS + b];
        table[g][r] = best;
    }
    free(dist);
    free(now_list);
    free(next_list);
}

static int board[CELLS], position[CELLS], value[GROUPS];
static uint64_t expanded;
static int path_length;

static int lookup(int g) {
    int cells[6];
    for (int i = 0; i < group_size[g]; i++) cells[i] = position[group_tiles[g][i]];
    return table[g][rank(g, cells)];
}

static int search(int blank, int g_cost, int bound, int previous, int h, int *next_bound) {
    int f = g_cost + h;
    if (f > bound) {
        if (f < *next_bound) *next_bound = f;
        return 0;
    }
    if (h == 0) {
        path_length = g_cost;
        return 1;
    }
    expanded++;
    for (int j = 0; j < adjacent_count[blank]; j++) {
        int from = adjacent[blank][j];
        if (from == previous) continue;
        int tile = board[from];
        int grp = group_of[tile];
        board[blank] = tile;
        board[from] = 0;
        position[tile] = blank;
        int old = value[grp];
        value[grp] = lookup(grp);
        int found = search(from, g_cost + 1, bound, blank, h - old + value[grp], next_bound);
        value[grp] = old;
        position[tile] = from;
        board[from] = tile;
        board[blank] = 0;
        if (found) return 1;
    }
    return 0;
}

int main(void) {
    for (int c = 0; c < CELLS; c++) {
        int row = c / 4, col = c % 4;
        adjacent_count[c] = 0;
        if (row > 0) adjacent[c][adjacent_count[c]++] = c - 4;
        if (row < 3) adjacent[c][adjacent_count[c]++] = c + 4;
        if (col > 0) adjacent[c][adjacent_count[c]++] = c - 1;
        if (col < 3) adjacent[c][adjacent_count[c]++] = c + 1;
    }
    for (int g = 0; g < GROUPS; g++)
        for (int i = 0; i < group_size[g]; i++) group_of[group_tiles[g][i]] = g;
    double t0 = now();
    for (int g = 0; g < GROUPS; g++) build(g);
    double t1 = now();
    uint64_t total_nodes = 0;
    int total_moves = 0, instances = 0;
    int tiles[CELLS];
    while (1) {
        for (int c = 0; c < CELLS; c++)
            if (scanf("%d", &tiles[c]) != 1) goto done;
        int blank = 0;
        for (int c = 0; c < CELLS; c++) {
            board[c] = tiles[c];
            position[tiles[c]] = c;
            if (tiles[c] == 0) blank = c;
        }
        int h = 0;
        for (int g = 0; g < GROUPS; g++) h += value[g] = lookup(g);
        expanded = 0;
        int bound = h;
        while (1) {
            int next_bound = 1 << 30;
            if (search(blank, 0, bound, -1, h, &next_bound)) break;
            bound = next_bound;
        }
        printf("%d %llu\n", path_length, (unsigned long long)expanded);
        total_nodes += expanded;
        total_moves += path_length;
        instances++;
    }
done:;
    double t2 = now();
    printf("total: %d instances, %d moves, %llu expanded, build %.2f s, search %.2f s\n", instances,
           total_moves, (unsigned long long)total_nodes, t1 - t0, t2 - t1);
    return 0;
}
