//! Joining the processes of a cluster: every process listens on its own
//! address, connects to every process before it and accepts every process
//! after it, each wait bounded by the cluster's timeout. The connected
//! sockets are handed to timely dataflow, which carries the sweep on them.
//!
//! Before handing a socket over, both ends exchange one hello of four
//! big-endian words (a magic word, the sender's index, the number of
//! processes, the job key), so that processes started for different sweeps,
//! or with a different host file, refuse each other instead of exchanging
//! ranks that mean nothing to the other side.

use std::io::{self, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::thread::sleep;
use std::time::{Duration, Instant};

use super::{Cluster, DistributedError};

/// "SWEEP v1" in ASCII: the first word of every hello.
const MAGIC: u64 = u64::from_be_bytes(*b"SWEEP v1");
/// How long to wait between two attempts to connect or accept.
const RETRY: Duration = Duration::from_millis(50);

/// One socket per process, in process order, `None` at this process's own
/// place; `job` must be the same on every process.
pub(super) fn connect_all(
    cluster: &Cluster,
    job: u64,
) -> Result<Vec<Option<TcpStream>>, DistributedError> {
    let me = cluster.process;
    let deadline = Instant::now() + cluster.timeout;
    let listener =
        TcpListener::bind(&cluster.addresses[me]).map_err(|e| DistributedError::Connect {
            process: me,
            address: cluster.addresses[me].clone(),
            reason: format!("cannot listen there: {e}"),
        })?;
    listener
        .set_nonblocking(true)
        .map_err(|e| cluster.connect_error(me, &e.to_string()))?;
    let mut sockets: Vec<Option<TcpStream>> = (0..cluster.processes()).map(|_| None).collect();
    for (other, socket) in sockets.iter_mut().enumerate().take(me) {
        let mut stream = connect_before(cluster, other, deadline)?;
        write_hello(&mut stream, cluster, job)
            .and_then(|()| read_hello(&mut stream, deadline))
            .map_err(|e| cluster.connect_error(other, &e.to_string()))
            .and_then(|hello| check_hello(cluster, job, other, hello))?;
        *socket = Some(stream);
    }
    let mut awaited = cluster.processes() - me - 1;
    while awaited > 0 {
        match listener.accept() {
            Ok((mut stream, _)) => {
                stream
                    .set_nonblocking(false)
                    .map_err(|e| cluster.connect_error(me, &e.to_string()))?;
                let hello = match read_hello(&mut stream, deadline) {
                    Ok(hello) => hello,
                    // A stranger that says nothing in time is dropped.
                    Err(_) => continue,
                };
                let other = usize::try_from(hello[1]).unwrap_or(usize::MAX);
                // Answered before checking, so that both sides can tell
                // what differs.
                let answered = write_hello(&mut stream, cluster, job);
                check_hello(cluster, job, other, hello)?;
                if other <= me || sockets[other].is_some() {
                    return Err(DistributedError::Handshake {
                        process: other,
                        reason: format!("process {me} did not expect a connection from it"),
                    });
                }
                answered.map_err(|e| cluster.connect_error(other, &e.to_string()))?;
                sockets[other] = Some(stream);
                awaited -= 1;
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    let missing: Vec<String> = (me + 1..cluster.processes())
                        .filter(|&p| sockets[p].is_none())
                        .map(|p| format!("{p} ({})", cluster.addresses[p]))
                        .collect();
                    return Err(DistributedError::Timeout {
                        waiting_for: format!(
                            "process {me} to be joined by process {}",
                            missing.join(", ")
                        ),
                        seconds: cluster.timeout.as_secs_f64(),
                    });
                }
                sleep(RETRY);
            }
            Err(e) => return Err(cluster.connect_error(me, &e.to_string())),
        }
    }
    for stream in sockets.iter().flatten() {
        stream
            .set_read_timeout(None)
            .and_then(|()| stream.set_nodelay(true))
            .map_err(|e| cluster.connect_error(me, &e.to_string()))?;
    }
    Ok(sockets)
}

/// Connects to process `other` (before this one), retrying until `deadline`
/// while it is not listening yet.
fn connect_before(
    cluster: &Cluster,
    other: usize,
    deadline: Instant,
) -> Result<TcpStream, DistributedError> {
    let address = &cluster.addresses[other];
    let targets: Vec<SocketAddr> = address
        .to_socket_addrs()
        .map_err(|e| cluster.connect_error(other, &format!("cannot resolve it: {e}")))?
        .collect();
    let mut last = String::from("no address");
    loop {
        for target in &targets {
            let left = deadline.saturating_duration_since(Instant::now());
            match TcpStream::connect_timeout(target, left.max(Duration::from_millis(1))) {
                Ok(stream) => return Ok(stream),
                Err(e) => last = e.to_string(),
            }
        }
        if Instant::now() >= deadline {
            return Err(DistributedError::Connect {
                process: other,
                address: address.clone(),
                reason: format!(
                    "no answer within {:.0} s ({last})",
                    cluster.timeout.as_secs_f64()
                ),
            });
        }
        sleep(RETRY);
    }
}

fn write_hello(stream: &mut TcpStream, cluster: &Cluster, job: u64) -> io::Result<()> {
    let words = [
        MAGIC,
        cluster.process as u64,
        cluster.processes() as u64,
        job,
    ];
    let mut bytes = [0u8; 32];
    for (chunk, word) in bytes.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    stream.write_all(&bytes)?;
    stream.flush()
}

fn read_hello(stream: &mut TcpStream, deadline: Instant) -> io::Result<[u64; 4]> {
    let left = deadline.saturating_duration_since(Instant::now());
    stream.set_read_timeout(Some(left.max(Duration::from_millis(1))))?;
    let mut bytes = [0u8; 32];
    stream.read_exact(&mut bytes)?;
    let mut words = [0u64; 4];
    for (word, chunk) in words.iter_mut().zip(bytes.chunks_exact(8)) {
        *word = u64::from_be_bytes(chunk.try_into().expect("8 bytes"));
    }
    Ok(words)
}

fn check_hello(
    cluster: &Cluster,
    job: u64,
    other: usize,
    [magic, index, processes, their_job]: [u64; 4],
) -> Result<(), DistributedError> {
    let refuse = |reason: String| {
        Err(DistributedError::Handshake {
            process: other,
            reason,
        })
    };
    if magic != MAGIC {
        return refuse("it does not speak this sweep's protocol".to_string());
    }
    if index != other as u64 {
        return refuse(format!("it says it is process {index}"));
    }
    if processes != cluster.processes() as u64 {
        return refuse(format!(
            "it counts {processes} processes, this one {}",
            cluster.processes()
        ));
    }
    if their_job != job {
        return refuse(
            "it was started for another sweep (puzzle, options or workers differ)".to_string(),
        );
    }
    Ok(())
}
