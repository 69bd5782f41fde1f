declare module 'virtual:chat-mount-url' {
  /** URL of the chat's code (mount.tsx), for a dynamic import. */
  const url: string;
  export default url;
}
