/** What other features use of the printouts feature: the paper frame and the printed-at line. */
export { PrintFrame, printClasses, type PaperSize } from './components/print-frame';
export { clinicDateTime, clinicTime, printedAt } from './components/print-format';
