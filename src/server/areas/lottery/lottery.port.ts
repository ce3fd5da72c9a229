/**
 * What other areas may use of the lottery area (issue 14): its wins as rows of the games area's
 * winner board (one subquery of the board's statement; the board masks the names).
 */
export { lotteryBoard, lotteryBoardWins } from './wins.repository.ts';
