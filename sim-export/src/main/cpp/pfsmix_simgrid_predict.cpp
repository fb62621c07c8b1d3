// pfsmix-simgrid-predict: replays the model `pfsmix predict` writes: clients that alternate CPU time and I/O calls on
// storage targets reached through links, to predict how workloads traced alone run together.
//
// Usage: pfsmix-simgrid-predict MODEL_DIR [simgrid --cfg options...]
// MODEL_DIR holds platform.xml (host "client" with the clients' cores; per storage target a host with one disk and the
// properties read_latency and write_latency in seconds; one link per host), deployment.xml (each actor runs
// "client" with arguments: actor name, action file) and the action files. Action lines:
//   <actor> sleep <seconds>            time that uses no modelled resource (a metadata call)
//   <actor> startup <seconds>          a job's start-up: CPU time on the client host, like compute, that makes no
//                                      progress while an fsync is storing data on a target whose host has the
//                                      property client_disk (the client's own files share that disk: the start-up's
//                                      small reads and metadata writes wait behind the flush in the disk's queue and
//                                      the file system's journal); done in 1 ms slices, each begun only then
//   <actor> compute <seconds>          CPU time on the client host (its cores are shared by all actors)
//   <actor> read <target> <bytes> [<cpu seconds>]
//                                      the target's read latency, then the disk read, the transfer to the client and
//                                      the call's client CPU (the copy to the caller, on the shared cores), which
//                                      proceed together (the call ends when all three did)
//   <actor> write <target> <bytes> [<cpu seconds>]
//                                      the target's write latency, then the transfer and disk write are started and the
//                                      actor goes on (write-back) once it did the call's client CPU (the copy from the
//                                      caller, on the shared cores) while it has fewer than the client host's property
//                                      write_back_depth writes under way, else it waits for its oldest first; they are
//                                      all waited for at fsync and at the actor's end
//   <actor> write <target> <bytes> <cpu seconds> <seconds>
//                                      a write into the client's cache, which a later fsync stores: it takes the
//                                      seconds it took when traced and its CPU on the shared cores, side by side (the
//                                      call ends when both did); no disk
//   <actor> fsync [<file> [<target> <bytes>]...]
//                                      waits until every write the actor started has reached its disk; with a file
//                                      (an id), then writes the bytes given on each target's disk, all at once (what
//                                      cached writes to the file left dirty), and waits for them and for every other
//                                      store of that file under way
//   <actor> barrier <name> <count>     waits until count actors reached the barrier of that name (ranks of one job)
//   <actor> serve <cpu seconds> [<n>]  CPU time on the client host beside the actor's next call (sleep, read, write
//                                      or fsync), which ends only once it is done too: what the machine spends for
//                                      the call beyond the actor's computing (a local storage's servers, the client
//                                      library's threads), in n equal parts at once (several processes; default 1),
//                                      each weighing SERVE_PRIORITY times a computing actor on the cores
//   <actor> library <name>             the actor's calls (sleep, read, write, fsync) enter the named client library
//                                      one at a time with the other actors naming it: each holds it from its start
//                                      (its serve CPU included) to its end
//   <actor> workload <name>            the workload the actor belongs to: with the client host's property
//                                      busy_slowdown F, a call that starts while an actor of another workload
//                                      computes (compute or startup) takes F times as long, holding its library
//                                      the while (the storage's hand-offs wait for cores another job keeps busy)
// Prints "actor <name> <start> <end>" per actor (simulated seconds) and "total <seconds>".
#include <simgrid/s4u.hpp>
#include <xbt/replay.hpp>

#include "pfsmix_simgrid_dir.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

XBT_LOG_NEW_DEFAULT_CATEGORY(pfsmix_predict, "pfsmix SimGrid prediction replayer");

namespace sg4 = simgrid::s4u;

namespace {

struct ActorResult {
  std::string name;
  double start;
  double end;
};

struct Pending {
  std::vector<sg4::CommPtr> comms;
  std::vector<sg4::IoPtr> ios;
};

std::map<aid_t, Pending> pending;
std::map<std::string, sg4::BarrierPtr, std::less<>> barriers;
std::vector<ActorResult> results;

double number(const simgrid::xbt::ReplayAction& action, size_t index) {
  if (action.size() <= index)
    xbt_die("action '%s' of actor %s lacks argument %zu", action[1].c_str(), action[0].c_str(), index - 1);
  return std::strtod(action[index].c_str(), nullptr);
}

sg4::Host* target(const simgrid::xbt::ReplayAction& action) {
  sg4::Host* host = sg4::Host::by_name_or_null(action.at(2));
  if (host == nullptr || host->get_disks().empty())
    xbt_die("actor %s names storage target '%s', which the platform lacks", action[0].c_str(), action.at(2).c_str());
  return host;
}

double latency(const sg4::Host* host, const char* key) {
  const char* value = host->get_property(key);
  return value == nullptr ? 0.0 : std::strtod(value, nullptr);
}

// The optional client CPU seconds of a read or write (0 when absent).
double cpu_seconds(const simgrid::xbt::ReplayAction& action) {
  return action.size() > 4 ? number(action, 4) : 0.0;
}

// Per actor: the CPU its last serve action gave its next call, and the client library it enters one call at a time.
struct Serve {
  double cpu;
  int parts;
};
std::map<aid_t, Serve> serve_cpu;
std::map<aid_t, sg4::MutexPtr> library_of;
std::map<std::string, sg4::MutexPtr, std::less<>> libraries;

void serve_action(simgrid::xbt::ReplayAction& action) {
  int parts = action.size() > 3 ? static_cast<int>(number(action, 3)) : 1;
  if (parts < 1)
    xbt_die("serve of actor %s wants at least one part, got %d", action[0].c_str(), parts);
  serve_cpu[sg4::this_actor::get_pid()] = {number(action, 2), parts};
}

// Per actor its workload, and per workload how many of its actors compute now.
std::map<aid_t, std::string> workload_of;
std::map<std::string, int, std::less<>> computing;

void workload_action(simgrid::xbt::ReplayAction& action) { workload_of[sg4::this_actor::get_pid()] = action.at(2); }

// Whether an actor of a workload other than the calling actor's computes now.
bool others_compute() {
  auto mine = workload_of.find(sg4::this_actor::get_pid());
  for (const auto& [workload, count] : computing)
    if (count > 0 && (mine == workload_of.end() || workload != mine->second))
      return true;
  return false;
}

// Counts the calling actor as computing while it lives.
class Computing {
 public:
  Computing() : workload_(workload_of[sg4::this_actor::get_pid()]) { computing[workload_]++; }
  Computing(const Computing&) = delete;
  Computing& operator=(const Computing&) = delete;
  ~Computing() { computing[workload_]--; }

 private:
  std::string workload_;
};

// The client host's busy_slowdown (1 without it).
double busy_slowdown() {
  const char* value = sg4::this_actor::get_host()->get_property("busy_slowdown");
  return value == nullptr ? 1.0 : std::strtod(value, nullptr);
}

void library_action(simgrid::xbt::ReplayAction& action) {
  sg4::MutexPtr& library = libraries[action.at(2)];
  if (!library)
    library = sg4::Mutex::create();
  library_of[sg4::this_actor::get_pid()] = library;
}

// The weight of serve CPU against computing on the shared cores. The storage's threads (servers, client library,
// network) run in short bursts after waiting, which Linux's scheduler runs ahead of a thread that computes without
// pause: on the local Ceph, the classifier's thread got about 0.2 of a core while IOR wrote beside it, IOR's side
// about all it used alone (docs/predict.md, fifth part). Weights of 3 to 100 predicted those runs alike; 1 did not.
constexpr double SERVE_PRIORITY = 10;

// One call of the actor from its start to its end: it holds the actor's client library, if any, and runs the CPU its
// serve action gave it beside it.
class CallScope {
 public:
  CallScope() {
    aid_t me = sg4::this_actor::get_pid();
    if (auto library = library_of.find(me); library != library_of.end()) {
      library_ = library->second;
      library_->lock();
    }
    if (auto serve = serve_cpu.find(me); serve != serve_cpu.end()) {
      double flops = serve->second.cpu / serve->second.parts * sg4::this_actor::get_host()->get_speed();
      for (int i = 0; i < serve->second.parts; i++)
        serving_.push_back(sg4::this_actor::exec_init(flops)->set_priority(SERVE_PRIORITY)->start());
      serve_cpu.erase(serve);
    }
    start_ = sg4::Engine::get_clock();
    slowed_ = others_compute();
  }
  CallScope(const CallScope&) = delete;
  CallScope& operator=(const CallScope&) = delete;
  // Waits for the serve CPU (and, slowed, the call's extra time), then lets the next call into the library.
  void end() {
    for (auto& part : serving_)
      part->wait();
    serving_.clear();
    if (slowed_)
      sg4::this_actor::sleep_for((busy_slowdown() - 1) * (sg4::Engine::get_clock() - start_));
    slowed_ = false;
    if (library_)
      library_->unlock();
    library_ = nullptr;
  }

 private:
  sg4::MutexPtr library_;
  std::vector<sg4::ExecPtr> serving_;
  double start_ = 0;
  bool slowed_ = false;
};

void wait_pending() {
  Pending& p = pending[sg4::this_actor::get_pid()];
  for (auto& c : p.comms)
    c->wait();
  for (auto& io : p.ios)
    io->wait();
  p.comms.clear();
  p.ios.clear();
}

void sleep_action(simgrid::xbt::ReplayAction& action) {
  CallScope call;
  sg4::this_actor::sleep_for(number(action, 2));
  call.end();
}

// fsyncs storing data on targets that share the client's disk; start-ups make no progress while there are any. The
// mutex and condition variable are made once the engine exists.
struct ClientDisk {
  int stores = 0;
  sg4::MutexPtr mutex;
  sg4::ConditionVariablePtr idle;
} client_disk;

// A start-up's CPU work is done in slices of this many seconds, each begun only while no such store is under way: a
// flush that starts holds the start-up up within one slice.
constexpr double STARTUP_SLICE = 0.001;

bool shares_client_disk(const sg4::Host* host) { return host->get_property("client_disk") != nullptr; }

void startup_action(simgrid::xbt::ReplayAction& action) {
  double speed = sg4::this_actor::get_host()->get_speed();
  for (double remaining = number(action, 2); remaining > 0; remaining -= STARTUP_SLICE) {
    {
      std::unique_lock lock(*client_disk.mutex);
      while (client_disk.stores > 0)
        client_disk.idle->wait(lock);
    }
    Computing busy;
    sg4::this_actor::execute(std::min(remaining, STARTUP_SLICE) * speed);
  }
}

void client_disk_stores(int change) {
  std::unique_lock lock(*client_disk.mutex);
  client_disk.stores += change;
  if (client_disk.stores == 0)
    client_disk.idle->notify_all();
}

void compute_action(simgrid::xbt::ReplayAction& action) {
  Computing busy;
  sg4::this_actor::execute(number(action, 2) * sg4::this_actor::get_host()->get_speed());
}

void read_action(simgrid::xbt::ReplayAction& action) {
  sg4::Host* storage = target(action);
  auto bytes = static_cast<sg_size_t>(number(action, 3));
  CallScope call;
  sg4::this_actor::sleep_for(latency(storage, "read_latency"));
  sg4::IoPtr io = storage->get_disks().front()->read_async(bytes);
  sg4::CommPtr comm = sg4::Comm::sendto_async(storage, sg4::this_actor::get_host(), bytes);
  double cpu = cpu_seconds(action);
  if (cpu > 0)
    sg4::this_actor::execute(cpu * sg4::this_actor::get_host()->get_speed());
  io->wait();
  comm->wait();
  call.end();
}

void write_action(simgrid::xbt::ReplayAction& action) {
  sg4::Host* storage = target(action);
  auto bytes = static_cast<sg_size_t>(number(action, 3));
  CallScope call;
  if (action.size() > 5) {
    // into the cache: the traced time (memory, throttling) beside the copy's CPU, which competes for the cores
    sg4::ExecPtr copy = sg4::this_actor::exec_async(cpu_seconds(action) * sg4::this_actor::get_host()->get_speed());
    sg4::this_actor::sleep_for(number(action, 5));
    copy->wait();
    call.end();
    return;
  }
  sg4::this_actor::sleep_for(latency(storage, "write_latency"));
  Pending& p = pending[sg4::this_actor::get_pid()];
  const char* depth = sg4::this_actor::get_host()->get_property("write_back_depth");
  if (depth != nullptr && p.ios.size() >= std::strtoul(depth, nullptr, 10)) {
    p.comms.front()->wait();
    p.ios.front()->wait();
    p.comms.erase(p.comms.begin());
    p.ios.erase(p.ios.begin());
  }
  p.comms.push_back(sg4::Comm::sendto_async(sg4::this_actor::get_host(), storage, bytes));
  p.ios.push_back(storage->get_disks().front()->write_async(bytes));
  // the caller's core copies the data before the call returns; the calibration measured the copy within the same
  // interval as the transfer, so the two overlap here too
  double cpu = cpu_seconds(action);
  if (cpu > 0)
    sg4::this_actor::execute(cpu * sg4::this_actor::get_host()->get_speed());
  call.end();
}

// A file's stores under way (fsyncs that found its data dirty), which any fsync of the file waits for.
struct FileStores {
  int under_way = 0;
  sg4::MutexPtr mutex = sg4::Mutex::create();
  sg4::ConditionVariablePtr stored = sg4::ConditionVariable::create();
};
std::map<std::string, FileStores, std::less<>> file_stores;

void fsync_action(simgrid::xbt::ReplayAction& action) {
  wait_pending();
  if (action.size() == 2)
    return;  // draining the actor's write-back before the call that commits it
  if (action.size() % 2 != 1)
    xbt_die("fsync of actor %s names a target without its bytes", action[0].c_str());
  CallScope call;
  FileStores& file = file_stores[action[2]];
  std::vector<sg4::IoPtr> stores;
  bool on_client_disk = false;
  for (size_t i = 3; i + 1 < action.size(); i += 2) {
    sg4::Host* storage = sg4::Host::by_name_or_null(action[i]);
    if (storage == nullptr || storage->get_disks().empty())
      xbt_die("actor %s names storage target '%s', which the platform lacks", action[0].c_str(), action[i].c_str());
    stores.push_back(storage->get_disks().front()->write_async(static_cast<sg_size_t>(number(action, i + 1))));
    on_client_disk = on_client_disk || shares_client_disk(storage);
  }
  if (!stores.empty()) {
    file.under_way++;
    if (on_client_disk)
      client_disk_stores(1);
    for (auto& io : stores)
      io->wait();
    if (on_client_disk)
      client_disk_stores(-1);
    std::unique_lock lock(*file.mutex);
    file.under_way--;
    file.stored->notify_all();
  }
  // like the kernel's: an fsync returns once the file's data is stored, whoever's fsync is storing it
  std::unique_lock lock(*file.mutex);
  while (file.under_way > 0)
    file.stored->wait(lock);
  lock.unlock();
  call.end();
}

void barrier_action(simgrid::xbt::ReplayAction& action) {
  sg4::BarrierPtr& barrier = barriers[action.at(2)];
  if (!barrier)
    barrier = sg4::Barrier::create(static_cast<unsigned>(number(action, 3)));
  barrier->wait();
}

// Deployed actor: argv = {function, actor name, action file}.
void client(std::vector<std::string> args) {
  if (args.size() != 3)
    xbt_die("deployment must give each client exactly two arguments (actor name, action file), got %zu",
            args.size() - 1);
  double start = sg4::Engine::get_clock();
  simgrid::xbt::replay_runner(args[1].c_str(), args[2].c_str());
  wait_pending();
  results.push_back({args[1], start, sg4::Engine::get_clock()});
}

}  // namespace

int main(int argc, char* argv[]) {
  // The deployment names action files relative to the model directory.
  if (!pfsmix::enter_directory(argc, argv, "MODEL_DIR"))
    return 2;
  int sim_argc = argc - 1;
  char** sim_argv = argv + 1;
  sg4::Engine engine(&sim_argc, sim_argv);
  engine.load_platform("platform.xml");
  client_disk.mutex = sg4::Mutex::create();
  client_disk.idle = sg4::ConditionVariable::create();
  engine.register_function("client", &client);
  xbt_replay_action_register("sleep", sleep_action);
  xbt_replay_action_register("serve", serve_action);
  xbt_replay_action_register("library", library_action);
  xbt_replay_action_register("workload", workload_action);
  xbt_replay_action_register("startup", startup_action);
  xbt_replay_action_register("compute", compute_action);
  xbt_replay_action_register("read", read_action);
  xbt_replay_action_register("write", write_action);
  xbt_replay_action_register("fsync", fsync_action);
  xbt_replay_action_register("barrier", barrier_action);
  engine.load_deployment("deployment.xml");
  engine.run();
  for (const auto& r : results)
    std::printf("actor %s %.9f %.9f\n", r.name.c_str(), r.start, r.end);
  std::printf("total %.9f\n", sg4::Engine::get_clock());
  return 0;
}
