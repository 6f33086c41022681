//! Running the processes of a sweep as a program: all of them on this
//! machine, and the report of a lost peer before the engine's queues unwind.

use std::ffi::OsString;
use std::fs;
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::DistributedError;

/// Starts `processes` copies of this program on this machine, each with
/// `args` followed by `--hostfile FILE --process I`, where FILE lists a free
/// port of 127.0.0.1 for each; process 0's standard output is the
/// program's own, the others' is discarded, and every standard error is the
/// program's. Waits for them all, and stops the others as soon as one
/// fails.
pub fn launch_local(processes: usize, args: &[OsString]) -> Result<(), DistributedError> {
    let failed = |reason: String| DistributedError::Launch(reason);
    let exe =
        std::env::current_exe().map_err(|e| failed(format!("cannot find this program: {e}")))?;
    // Ports free now; each process binds its own again at once.
    let listeners = (0..processes).map(|_| TcpListener::bind("127.0.0.1:0"));
    let listeners = listeners.collect::<Result<Vec<_>, _>>();
    let listeners = listeners.map_err(|e| failed(format!("no free port on 127.0.0.1: {e}")))?;
    let mut hosts = String::new();
    for listener in &listeners {
        let address = listener.local_addr().map_err(|e| failed(e.to_string()))?;
        hosts.push_str(&format!("{address}\n"));
    }
    drop(listeners);
    let hostfile = std::env::temp_dir().join(format!("sweep-{}.hosts", std::process::id()));
    fs::write(&hostfile, hosts).map_err(|e| failed(format!("{}: {e}", hostfile.display())))?;
    let result = run(&exe, args, &hostfile, processes).map_err(failed);
    let _ = fs::remove_file(&hostfile);
    result
}

fn run(exe: &Path, args: &[OsString], hostfile: &Path, processes: usize) -> Result<(), String> {
    let mut children: Vec<Option<Child>> = Vec::new();
    for i in 0..processes {
        let stdout = if i == 0 {
            Stdio::inherit()
        } else {
            Stdio::null()
        };
        let mut command = Command::new(exe);
        command
            .args(args)
            .arg("--hostfile")
            .arg(hostfile)
            .arg("--process")
            .arg(i.to_string());
        match command.stdin(Stdio::null()).stdout(stdout).spawn() {
            Ok(child) => children.push(Some(child)),
            Err(e) => {
                stop(&mut children);
                return Err(format!("cannot start process {i}: {e}"));
            }
        }
    }
    loop {
        let mut running = 0;
        for i in 0..processes {
            let Some(child) = &mut children[i] else {
                continue;
            };
            let error = match child.try_wait() {
                Ok(None) => {
                    running += 1;
                    continue;
                }
                Ok(Some(status)) if status.success() => {
                    children[i] = None;
                    continue;
                }
                Ok(Some(status)) => {
                    children[i] = None;
                    format!(
                        "process {i} of {processes} ended with {status}; the others were stopped"
                    )
                }
                Err(e) => format!("process {i}: {e}"),
            };
            stop(&mut children);
            return Err(error);
        }
        if running == 0 {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Ends the processes still running.
fn stop(children: &mut [Option<Child>]) {
    for child in children.iter_mut().flatten() {
        let _ = child.kill();
        let _ = child.wait();
    }
}

/// For a program that runs process `process` of a sweep: keeps the engine's
/// own panics off the terminal, and ends the process at the first one a
/// worker sees, with `error: process P: ` and the lost peer on standard
/// error, and exit status 1.
///
/// When a connection breaks, timely's network threads panic (kept quiet
/// here) and the workers' queues report it by panicking in turn; unwinding
/// from there can panic again in the queues' destructors, which aborts the
/// process. So the worker's panic is reported here, before any unwinding,
/// as the sweep reports a lost peer
/// ([`DistributedError::PeerLost`]). Other panics go to the hook that was
/// installed before. Installs the hook once a process.
#[allow(clippy::print_stderr, reason = "the run's one error line, then exit")]
pub fn exit_on_lost_peer(process: usize) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let payload = info.payload();
            let message = payload.downcast_ref::<String>().map(String::as_str);
            let message = message
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("");
            if let Some(lost) = DistributedError::from_engine_panic(message) {
                eprintln!("\nerror: process {process}: {lost}");
                std::process::exit(1);
            }
            let thread = std::thread::current();
            let network = thread
                .name()
                .is_some_and(|name| name.starts_with("timely:"))
                || message.starts_with("Send thread panic")
                || message.starts_with("Recv thread panic");
            if !network {
                default(info);
            }
        }));
    });
}
