// Shared modules (react, router, jotai, shared) must resolve before first use: load the app asynchronously.
import('./bootstrap');
