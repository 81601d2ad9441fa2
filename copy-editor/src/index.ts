// This app runs inside the shell: the shell loads ./routes through Module Federation.
// The entry only gives the build a starting point for the remote container.
export {};
