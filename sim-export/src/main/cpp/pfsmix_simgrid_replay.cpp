// pfsmix-simgrid-replay: replays a bundle written by `pfsmix export --format simgrid`.
//
// Usage: pfsmix-simgrid-replay BUNDLE_DIR [simgrid --cfg options...]
// The bundle holds platform.xml, deployment.xml, content.txt and one action file per actor. Each action line is
//   <actor> open <path> | <actor> read <path> <offset> <bytes> | <actor> write <path> <offset> <bytes> | <actor> close <path>
// Reads and writes go through SimGrid's file-system plugin to the disk of the host the actor is deployed on, so
// a transfer takes bytes / disk bandwidth and actors sharing one disk share its bandwidth.
// Prints one "actor <name> <host> <simulated seconds>" line per actor and a final "total <simulated seconds>" line.
#include <simgrid/plugins/file_system.h>
#include <simgrid/s4u.hpp>
#include <xbt/replay.hpp>

#include "pfsmix_simgrid_dir.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

XBT_LOG_NEW_DEFAULT_CATEGORY(pfsmix_replay, "pfsmix SimGrid replayer");

namespace {

struct ActorResult {
  std::string name;
  std::string host;
  double start;
  double end;
};

// Open files of each replaying actor, keyed by actor pid: actors run one at a time in SimGrid's contexts.
std::map<aid_t, std::map<std::string, simgrid::s4u::File*, std::less<>>> open_files;
std::vector<ActorResult> results;

simgrid::s4u::File* file_of(const std::string& path) {
  auto& files = open_files[simgrid::s4u::this_actor::get_pid()];
  auto it = files.find(path);
  if (it != files.end())
    return it->second;
  // The trace may start inside an already-open file (a task that opened it before tracing began).
  simgrid::s4u::File* file = simgrid::s4u::File::open(path, nullptr);
  files.emplace(path, file);
  return file;
}

sg_size_t number(const simgrid::xbt::ReplayAction& action, size_t index) {
  if (action.size() <= index)
    xbt_die("action '%s' of actor %s lacks argument %zu", action[1].c_str(), action[0].c_str(), index - 1);
  return std::strtoull(action[index].c_str(), nullptr, 10);
}

void open_action(simgrid::xbt::ReplayAction& action) { file_of(action.at(2)); }

void read_action(simgrid::xbt::ReplayAction& action) {
  simgrid::s4u::File* file = file_of(action.at(2));
  file->seek(static_cast<sg_offset_t>(number(action, 3)));
  file->read(number(action, 4));
}

void write_action(simgrid::xbt::ReplayAction& action) {
  simgrid::s4u::File* file = file_of(action.at(2));
  file->seek(static_cast<sg_offset_t>(number(action, 3)));
  // write_inside: a POSIX write at an offset overwrites in place and never truncates; SimGrid's default write
  // (write_inside = false) truncates the file at the write's end and its used-size accounting then underflows.
  file->write(number(action, 4), true);
}

void close_action(simgrid::xbt::ReplayAction& action) {
  auto& files = open_files[simgrid::s4u::this_actor::get_pid()];
  auto it = files.find(action.at(2));
  if (it != files.end()) {
    it->second->close();
    files.erase(it);
  }
}

// Deployed actor: argv = {function, actor name, action file}.
void replayer(std::vector<std::string> args) {
  if (args.size() != 3)
    xbt_die("deployment must give each replayer exactly two arguments (actor name, action file), got %zu",
            args.size() - 1);
  double start = simgrid::s4u::Engine::get_clock();
  simgrid::xbt::replay_runner(args[1].c_str(), args[2].c_str());
  auto& files = open_files[simgrid::s4u::this_actor::get_pid()];
  for (auto& entry : files)
    entry.second->close();
  files.clear();
  results.push_back({args[1], simgrid::s4u::this_actor::get_host()->get_name(), start,
                     simgrid::s4u::Engine::get_clock()});
}

}  // namespace

int main(int argc, char* argv[]) {
  // The platform names content.txt relative to itself and the deployment names action files relative to the bundle.
  if (!pfsmix::enter_directory(argc, argv, "BUNDLE_DIR"))
    return 2;
  int sim_argc = argc - 1;
  char** sim_argv = argv + 1;
  simgrid::s4u::Engine engine(&sim_argc, sim_argv);
  sg_storage_file_system_init();
  engine.load_platform("platform.xml");
  engine.register_function("replayer", &replayer);
  xbt_replay_action_register("open", open_action);
  xbt_replay_action_register("read", read_action);
  xbt_replay_action_register("write", write_action);
  xbt_replay_action_register("close", close_action);
  engine.load_deployment("deployment.xml");
  engine.run();
  for (const auto& r : results)
    std::printf("actor %s %s %.9f\n", r.name.c_str(), r.host.c_str(), r.end - r.start);
  std::printf("total %.9f\n", simgrid::s4u::Engine::get_clock());
  return 0;
}
