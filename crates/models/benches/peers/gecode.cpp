// Peer benchmark: the same two tasks as benches/engine.rs, on Gecode 6.2, so
// that fdoku's figures can be given as ratios measured in the same run.
// Built and run by benches/engine.rs when g++ and Gecode's headers exist
// (Debian: apt-get install libgecode-dev). Output: one line per task,
// "<task>\t<cpu seconds>\t<nodes>". A third argument runs one task only
// (for valgrind --tool=callgrind with runs = 1).
#include <gecode/int.hh>
#include <gecode/minimodel.hh>
#include <gecode/search.hh>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

using namespace Gecode;

// N-queens: one variable per row, three distinct constraints.
class Queens : public Space {
public:
  IntVarArray q;
  Queens(int n, IntPropLevel level) : q(*this, n, 0, n - 1) {
    IntArgs up(n), down(n);
    for (int i = 0; i < n; i++) {
      up[i] = i;
      down[i] = -i;
    }
    distinct(*this, q, level);
    distinct(*this, up, q, level);
    distinct(*this, down, q, level);
    branch(*this, q, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
  }
  Queens(Queens& other) : Space(other) { q.update(*this, other.q); }
  Space* copy() override { return new Queens(*this); }
};

// The plain 9×9 Sudoku model: 81 variables, the givens, 27 distinct.
class Sudoku : public Space {
public:
  IntVarArray cells;
  explicit Sudoku(const std::string& line) : cells(*this, 81, 1, 9) {
    for (int i = 0; i < 81; i++) {
      char c = line[i];
      if (c >= '1' && c <= '9') rel(*this, cells[i], IRT_EQ, c - '0');
    }
    Matrix<IntVarArray> m(cells, 9, 9);
    for (int i = 0; i < 9; i++) {
      distinct(*this, m.row(i), IPL_DOM);
      distinct(*this, m.col(i), IPL_DOM);
      distinct(*this, m.slice((i % 3) * 3, (i % 3) * 3 + 3, (i / 3) * 3, (i / 3) * 3 + 3), IPL_DOM);
    }
    branch(*this, cells, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
  }
  Sudoku(Sudoku& other) : Space(other) { cells.update(*this, other.cells); }
  Space* copy() override { return new Sudoku(*this); }
};

static double cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

// Best of `runs` runs; each repeats the job until it has lasted 0.25 s.
static std::string only;

template <class Job>
static void measure(const char* task, int runs, Job job) {
  if (!only.empty() && only != task) return;
  double best = 1e30;
  unsigned long nodes = 0;
  for (int r = 0; r < runs; r++) {
    auto wall = std::chrono::steady_clock::now();
    double start = cpu_seconds();
    int reps = 0;
    do {
      nodes = job();
      reps++;
    } while (std::chrono::steady_clock::now() - wall < std::chrono::milliseconds(250));
    double each = (cpu_seconds() - start) / reps;
    if (each < best) best = each;
  }
  std::cout << task << "\t" << best << "\t" << nodes << std::endl;
}

static unsigned long count_queens(int n, IntPropLevel level, unsigned long expected) {
  Queens* root = new Queens(n, level);
  DFS<Queens> engine(root);
  delete root;
  unsigned long count = 0;
  while (Queens* s = engine.next()) {
    count++;
    delete s;
  }
  if (count != expected) {
    std::cerr << "gecode: wrong queens count " << count << std::endl;
    std::exit(1);
  }
  return engine.statistics().node;
}

static unsigned long sudokus(const std::vector<std::string>& puzzles, unsigned limit) {
  unsigned long nodes = 0;
  for (const std::string& line : puzzles) {
    Sudoku* root = new Sudoku(line);
    DFS<Sudoku> engine(root);
    delete root;
    unsigned found = 0;
    while (found < limit) {
      Sudoku* s = engine.next();
      if (s == nullptr) break;
      found++;
      delete s;
    }
    if (found != 1) {
      std::cerr << "gecode: a top95 puzzle has " << found << " solutions" << std::endl;
      std::exit(1);
    }
    nodes += engine.statistics().node;
  }
  return nodes;
}

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::cerr << "usage: gecode <top95 file> <runs> [task]" << std::endl;
    return 2;
  }
  if (argc == 4) only = argv[3];
  std::ifstream file(argv[1]);
  std::vector<std::string> puzzles;
  for (std::string line; std::getline(file, line);) {
    if (line.size() >= 81) puzzles.push_back(line);
  }
  int runs = std::atoi(argv[2]);
  measure("12-queens forward", runs, [] { return count_queens(12, IPL_VAL, 14200); });
  measure("12-queens domain", runs, [] { return count_queens(12, IPL_DOM, 14200); });
  measure("top95 first", runs, [&] { return sudokus(puzzles, 1); });
  measure("top95 count2", runs, [&] { return sudokus(puzzles, 2); });
  return 0;
}
