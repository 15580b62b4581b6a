// draco3dgltf ships no types: the two factories glTF Transform takes (KHR_draco_mesh_compression).
declare module 'draco3dgltf' {
  const draco3d: {
    createEncoderModule(options?: object): Promise<unknown>;
    createDecoderModule(options?: object): Promise<unknown>;
  };
  export default draco3d;
}
