/* global window, document */
// Runs in Chromium (scripts/bake-environment.ts): model-viewer's own "neutral" environment, generated
// exactly as model-viewer does (its EnvironmentScene, its cube camera and blur), read back as an
// equirectangular float image that the runner writes as a Radiance .hdr. JavaScript: three ships no types.
import {
  CubeCamera,
  FloatType,
  HalfFloatType,
  WebGLCubeRenderTarget,
  LinearSRGBColorSpace,
  Mesh,
  NoToneMapping,
  OrthographicCamera,
  PlaneGeometry,
  RGBAFormat,
  Scene,
  ShaderMaterial,
  WebGLRenderer,
  WebGLRenderTarget,
} from 'three';
import TextureUtils from '@google/model-viewer/lib/three-components/TextureUtils.js';
import EnvironmentScene from '@google/model-viewer/lib/three-components/EnvironmentScene.js';

/** Direction of an equirect pixel, the inverse of three's equirectUv (u from atan(z, x), v from asin(y)). */
const EQUIRECT = new ShaderMaterial({
  uniforms: { cube: { value: null } },
  vertexShader: 'varying vec2 vUv; void main() { vUv = uv; gl_Position = vec4(position.xy, 0.0, 1.0); }',
  fragmentShader: `
    uniform samplerCube cube;
    varying vec2 vUv;
    const float PI = 3.141592653589793;
    void main() {
      float phi = (vUv.x - 0.5) * 2.0 * PI;
      float theta = (vUv.y - 0.5) * PI;
      vec3 dir = vec3(cos(theta) * cos(phi), sin(theta), cos(theta) * sin(phi));
      gl_FragColor = vec4(textureCube(cube, dir).rgb, 1.0);
    }`,
});

/** @param {number} width */
async function bake(width) {
  const renderer = new WebGLRenderer();
  // model-viewer's GenerateEnvironmentMap, step by step (TextureUtils.js), keeping the render target.
  const rt = new WebGLCubeRenderTarget(256, {
    generateMipmaps: false,
    type: HalfFloatType,
    format: RGBAFormat,
    colorSpace: LinearSRGBColorSpace,
    depthBuffer: true,
  });
  renderer.toneMapping = NoToneMapping;
  renderer.outputColorSpace = LinearSRGBColorSpace;
  new CubeCamera(0.1, 100, rt).update(renderer, new EnvironmentScene('neutral'));
  new TextureUtils(renderer).blurCubemap(rt, 0.04);
  const cube = rt.texture;
  const height = width / 2;
  const target = new WebGLRenderTarget(width, height, { type: FloatType, format: RGBAFormat, colorSpace: LinearSRGBColorSpace });
  EQUIRECT.uniforms.cube.value = cube;
  const scene = new Scene();
  scene.add(new Mesh(new PlaneGeometry(2, 2), EQUIRECT));
  renderer.setRenderTarget(target);
  renderer.render(scene, new OrthographicCamera(-1, 1, 1, -1, 0, 1));
  const pixels = new Float32Array(width * height * 4);
  renderer.readRenderTargetPixels(target, 0, 0, width, height, pixels);
  return { width, height, data: [...pixels] };
}

window.bake = bake;
document.title = 'ready';
