/** What other features use of the doctor's share: nothing yet (its pages are named by the router). */
export {};
