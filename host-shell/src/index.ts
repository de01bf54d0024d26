// Async boundary: the federation runtime negotiates the shared singletons before any of them is imported.
import('./bootstrap').catch((error: unknown) => console.error(error));
