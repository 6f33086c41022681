//! The brute force the tests check the searches against.

use peg_solitaire::Board;

/// Every jump sequence from `pegs` to `goal` by plain recursion: the fewest
/// moves, the number of jump sequences with that many moves, and the set of
/// their position sequences (the position before each move, then the goal).
pub struct Brute {
    pub best: Option<u32>,
    pub jump_sequences: u128,
    pub positions: std::collections::BTreeSet<Vec<u64>>,
}

pub fn brute_force(start: &Board, goal: &Board) -> Brute {
    fn walk(
        board: &Board,
        goal: u64,
        last: Option<u8>,
        moves: u32,
        boundaries: &mut Vec<u64>,
        out: &mut Brute,
    ) {
        if board.pegs() == goal {
            let mut seq = boundaries.clone();
            seq.push(goal);
            match out.best {
                Some(b) if b < moves => return,
                Some(b) if b == moves => {}
                _ => {
                    out.best = Some(moves);
                    out.jump_sequences = 0;
                    out.positions.clear();
                }
            }
            out.jump_sequences += 1;
            out.positions.insert(seq);
            return;
        }
        for j in board.jumps() {
            let new_move = last != Some(j.from);
            if new_move {
                boundaries.push(board.pegs());
            }
            let next = board.play_jump(j).unwrap();
            walk(
                &next,
                goal,
                Some(j.to),
                moves + u32::from(new_move),
                boundaries,
                out,
            );
            if new_move {
                boundaries.pop();
            }
        }
    }
    let mut out = Brute {
        best: None,
        jump_sequences: 0,
        positions: Default::default(),
    };
    walk(start, goal.pegs(), None, 0, &mut Vec::new(), &mut out);
    out
}
