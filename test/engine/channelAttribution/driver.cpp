// Runs ChannelAttribution's own C++ core (python/src/cypack/functions.cpp of the package) on one
// journey set and prints its answers as JSON. It stands in for the package's Cython wrapper
// (ChannelAttribution.pyx), which only turns pandas columns into these vectors and back: it calls
// heuristic_models_cpp and markov_model_cpp with the arguments the Python functions pass.
//
// Input on stdin, one path a line: path<TAB>conversions<TAB>nulls<TAB>conversion value, channels
// separated by '>'. Arguments: nsim_start max_step seed order.
// Built and run by makeExpected.ts; see there.
#include "functions.h"

#include <cstdio>
#include <iostream>
#include <sstream>

static void print_string(const string &s) {
  cout << '"';
  for (char ch : s) {
    if (ch == '"' || ch == '\\') cout << '\\';
    cout << ch;
  }
  cout << '"';
}

static void print_numbers(const vector<double> &values) {
  cout << '[';
  for (size_t i = 0; i < values.size(); i++) {
    if (i > 0) cout << ',';
    char buffer[64];
    snprintf(buffer, sizeof buffer, "%.17g", values[i]);
    cout << buffer;
  }
  cout << ']';
}

static void print_strings(const vector<string> &values) {
  cout << '[';
  for (size_t i = 0; i < values.size(); i++) {
    if (i > 0) cout << ',';
    print_string(values[i]);
  }
  cout << ']';
}

int main(int argc, char **argv) {
  if (argc != 5) {
    cerr << "usage: driver nsim_start max_step seed order < paths.tsv" << endl;
    return 2;
  }
  unsigned long int nsim_start = stoul(argv[1]);
  unsigned long int max_step = stoul(argv[2]);
  unsigned long int seed = stoul(argv[3]);
  unsigned long int order = stoul(argv[4]);

  vector<string> vy;
  vector<unsigned long int> vc, vn;
  vector<double> vv;
  string line;
  while (getline(cin, line)) {
    if (line.empty()) continue;
    stringstream fields(line);
    string path, conversions, nulls, value;
    getline(fields, path, '\t');
    getline(fields, conversions, '\t');
    getline(fields, nulls, '\t');
    getline(fields, value, '\t');
    vy.push_back(path);
    vc.push_back(stoul(conversions));
    vn.push_back(stoul(nulls));
    vv.push_back(stod(value));
  }

  // heuristic_models(Data, "path", "conversions", var_value="value"): every path
  vector<string> hy = vy;
  pair<vector<string>, list<vector<double>>> heuristic = heuristic_models_cpp(hy, vc, vv, ">");

  // markov_model(Data, "path", "conversions", var_null="nulls", order=order, out_more=True, ...):
  // no var_value, so the value columns are left out as the wrapper does
  vector<string> my = vy;
  vector<double> no_value;
  pair<list<vector<string>>, list<vector<double>>> markov = markov_model_cpp(
      my, vc, no_value, vn, order, nsim_start, max_step, 1, ">", 1, 10, seed, 0.05, 1.5, 0);

  auto h = heuristic.second.begin();
  cout << "{\"heuristic\":{\"channels\":";
  print_strings(heuristic.first);
  const char *names[] = {"first_touch_conversions", "last_touch_conversions", "linear_touch_conversions",
                         "first_touch_value", "last_touch_value", "linear_touch_value"};
  for (int i = 0; i < 6 && h != heuristic.second.end(); i++, ++h) {
    cout << ",\"" << names[i] << "\":";
    print_numbers(*h);
  }
  // out_more = 1 without a value: strings are (from, to, channels), numbers are
  // (total_conversions, removal_effects, transition_probability)
  auto ms = markov.first.begin();
  vector<string> from = *ms++;
  vector<string> to = *ms++;
  vector<string> channels = *ms;
  auto mn = markov.second.begin();
  vector<double> total = *mn++;
  vector<double> removal = *mn++;
  vector<double> probability = *mn;
  cout << "},\"markov\":{\"channels\":";
  print_strings(channels);
  cout << ",\"total_conversions\":";
  print_numbers(total);
  cout << ",\"removal_effects\":";
  print_numbers(removal);
  cout << ",\"transition_matrix\":{\"channel_from\":";
  print_strings(from);
  cout << ",\"channel_to\":";
  print_strings(to);
  cout << ",\"transition_probability\":";
  print_numbers(probability);
  cout << "}}}" << endl;
  return 0;
}
