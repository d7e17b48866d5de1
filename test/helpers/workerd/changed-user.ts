// The sign-in provider's user whose groups and state tests change while it runs (changeUser): only
// one file changes it, so no file running beside it sees a documented user (alice, bob) changed.
export const CHANGED_USER = 'grace';
