import { defineConfig } from 'vitest/config'
import { workerTestConfig, deployedBindings, DEPLOYED_FILES } from './tests/worker/pool-config'

/** The real worker with ENVIRONMENT=staging: a deployed environment refuses what production refuses. */
export default defineConfig(() => workerTestConfig(DEPLOYED_FILES, [], deployedBindings('staging')))
