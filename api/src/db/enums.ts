// The value lists and state machines live in the shared contract, read by the API and the screens alike.
export * from 'shared/contract/enums';
