import { defineHostConfig } from 'shared/rsbuild';

export default defineHostConfig();
