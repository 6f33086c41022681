//! `analyze --processes P`: a sharded sweep on this machine. xtask starts
//! itself P times with the same arguments plus `--hostfile` (P addresses on
//! 127.0.0.1) and `--process I`; process 0 prints what the single-machine
//! sweep prints. A process that fails stops the others.

use std::ffi::OsString;
use std::fs;
use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::Duration;

use xtask::distributed::{NOT_BUILT, forwarded};

pub(crate) fn launch(processes: usize) -> Result<ExitCode, String> {
    if !cfg!(feature = "distributed") {
        return Err(NOT_BUILT.to_string());
    }
    if processes == 0 {
        return Err("--processes: at least one process".to_string());
    }
    let exe = std::env::current_exe().map_err(|e| format!("cannot find xtask itself: {e}"))?;
    let args = forwarded(std::env::args_os().skip(1));
    // Ports free now; each process binds its own again at once.
    let listeners = (0..processes)
        .map(|_| TcpListener::bind("127.0.0.1:0"))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("no free port on 127.0.0.1: {e}"))?;
    let mut hosts = String::new();
    for listener in &listeners {
        let address = listener.local_addr().map_err(|e| e.to_string())?;
        hosts.push_str(&format!("{address}\n"));
    }
    drop(listeners);
    let hostfile = std::env::temp_dir().join(format!("xtask-sweep-{}.hosts", std::process::id()));
    fs::write(&hostfile, hosts).map_err(|e| format!("{}: {e}", hostfile.display()))?;
    let result = run(&exe, &args, &hostfile, processes);
    let _ = fs::remove_file(&hostfile);
    result
}

fn run(
    exe: &Path,
    args: &[OsString],
    hostfile: &Path,
    processes: usize,
) -> Result<ExitCode, String> {
    let mut children: Vec<Option<Child>> = Vec::new();
    for i in 0..processes {
        let child = Command::new(exe)
            .args(args)
            .arg("--hostfile")
            .arg(hostfile)
            .arg("--process")
            .arg(i.to_string())
            .stdin(Stdio::null())
            .stdout(if i == 0 {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn();
        match child {
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
            match child.try_wait() {
                Ok(None) => running += 1,
                Ok(Some(status)) if status.success() => children[i] = None,
                Ok(Some(status)) => {
                    children[i] = None;
                    stop(&mut children);
                    return Err(format!(
                        "process {i} of {processes} ended with {status}; the others were stopped"
                    ));
                }
                Err(e) => {
                    stop(&mut children);
                    return Err(format!("process {i}: {e}"));
                }
            }
        }
        if running == 0 {
            return Ok(ExitCode::SUCCESS);
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
