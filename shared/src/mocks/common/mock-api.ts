/**
 * Base URL the mocks answer on: the API prefix of the product. In its own module so that the handler files never
 * import each other in a cycle.
 */
export const MOCK_API = '/api';
