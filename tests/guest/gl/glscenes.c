/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * glscenes: deterministic GL 2.1 scenes rendered offscreen (EGL on GBM,
 * surfaceless, into a framebuffer object) for comparing crocus on the
 * emulated G45 with llvmpipe in the same guest.
 *
 *   glscenes info              GL_VENDOR/RENDERER/VERSION of desktop GL and
 *                              of OpenGL ES 2.0 on the GBM platform
 *   glscenes render OUTDIR [SCENE]
 *                              every scene (or one) as OUTDIR/NN-name.ppm, and a line
 *                              "scene NN name queried=N ms=T glerror=E" per
 *                              scene (T: drawing and reading it back)
 *
 * The scenes only use what GL 2.1 defines exactly enough to compare two
 * implementations pixel by pixel, within a per-channel tolerance the host
 * side states (tests/guest/gl/compare.py), colours on exact 1/255 steps
 * where possible.  The textured scenes (tex_*) keep filtering where
 * implementations agree: magnification and LODs on exact powers of two
 * (one quad per mip mode at LOD ~0.5 shows the inter-level blend), no
 * texel centre exactly on a compare reference.
 */
#define GL_GLEXT_PROTOTYPES 1
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <gbm.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define W 256
#define H 256

static EGLDisplay dpy;

static void die(const char *what)
{
    fprintf(stderr, "glscenes: %s (EGL error 0x%x, GL error 0x%x)\n", what,
            eglGetError(), glGetError());
    exit(1);
}

static void open_display(void)
{
    const char *node = getenv("GLSCENES_NODE");
    struct gbm_device *gbm;
    int fd;

    /* "surfaceless": no DRM node (the host's own llvmpipe, for the
     * benchmark's native figures) */
    if (node && !strcmp(node, "surfaceless")) {
        dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                                    EGL_DEFAULT_DISPLAY, NULL);
        if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
            die("no surfaceless EGL display");
        }
        return;
    }
    fd = open(node ? node : "/dev/dri/card0", O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        die("cannot open the DRM node");
    }
    gbm = gbm_create_device(fd);
    if (!gbm) {
        die("gbm_create_device failed");
    }
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_GBM_MESA, gbm, NULL);
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
        die("no EGL display on GBM");
    }
}

/* A surfaceless context of the API, made current. */
static EGLContext make_context(EGLenum api, int major, int minor)
{
    EGLint attrs[] = {
        EGL_CONTEXT_MAJOR_VERSION, major,
        EGL_CONTEXT_MINOR_VERSION, minor,
        EGL_NONE,
    };
    EGLContext ctx;

    if (!eglBindAPI(api)) {
        die("eglBindAPI failed");
    }
    ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    if (ctx == EGL_NO_CONTEXT ||
        !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        die("cannot create a surfaceless context");
    }
    return ctx;
}

static void info(void)
{
    EGLContext ctx;

    printf("egl_driver %s\n",
           eglQueryString(dpy, EGL_VENDOR) ? eglQueryString(dpy, EGL_VENDOR)
                                           : "?");
    ctx = make_context(EGL_OPENGL_API, 2, 1);
    printf("gl_vendor %s\n", (const char *)glGetString(GL_VENDOR));
    printf("gl_renderer %s\n", (const char *)glGetString(GL_RENDERER));
    printf("gl_version %s\n", (const char *)glGetString(GL_VERSION));
    printf("gl_glsl %s\n",
           (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION));
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    ctx = make_context(EGL_OPENGL_ES_API, 2, 0);
    printf("gles_renderer %s\n", (const char *)glGetString(GL_RENDERER));
    printf("gles_version %s\n", (const char *)glGetString(GL_VERSION));
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
}

/* ---- the scenes ---- */

static GLuint query_result;

static void ortho(void)
{
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
}

static void clear(float r, float g, float b)
{
    glClearColor(r, g, b, 1);
    glClearDepth(1);
    glClearStencil(0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

static void tri(float x0, float y0, float x1, float y1, float x2, float y2)
{
    glBegin(GL_TRIANGLES);
    glVertex2f(x0, y0);
    glVertex2f(x1, y1);
    glVertex2f(x2, y2);
    glEnd();
}

static void rect(float x0, float y0, float x1, float y1, float z)
{
    glBegin(GL_TRIANGLE_FAN);
    glVertex3f(x0, y0, z);
    glVertex3f(x1, y0, z);
    glVertex3f(x1, y1, z);
    glVertex3f(x0, y1, z);
    glEnd();
}

static void scene_flat(void)
{
    ortho();
    clear(0, 0, 0);
    glShadeModel(GL_FLAT);
    glBegin(GL_TRIANGLES);
    glColor3ub(255, 0, 0);
    glVertex2f(20, 20);
    glColor3ub(0, 255, 0);
    glVertex2f(230, 40);
    glColor3ub(51, 102, 204);          /* the provoking (last) vertex */
    glVertex2f(100, 235);
    glEnd();
    glShadeModel(GL_SMOOTH);
}

static void scene_smooth(void)
{
    ortho();
    clear(0.2f, 0.2f, 0.2f);
    glBegin(GL_TRIANGLES);
    glColor3ub(255, 0, 0);
    glVertex2f(10, 10);
    glColor3ub(0, 255, 0);
    glVertex2f(246, 30);
    glColor3ub(0, 0, 255);
    glVertex2f(128, 246);
    glEnd();
}

static void scene_depth(void)
{
    /* glOrtho(.., -1, 1): window depth = (1 - z) / 2, larger z nearer */
    ortho();
    clear(0, 0, 0);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glColor3ub(255, 0, 0);
    rect(20, 20, 180, 180, 0);          /* depth 0.5 */
    glColor3ub(0, 255, 0);
    rect(80, 80, 240, 240, 0.5f);       /* 0.25: in front of the red */
    glColor3ub(0, 0, 255);
    rect(40, 120, 220, 160, -0.5f);     /* 0.75: behind both */
    glDepthFunc(GL_GREATER);
    glColor3ub(255, 255, 0);
    rect(0, 0, 60, 60, -0.9f);          /* 0.95: only over drawn pixels */
    glDepthFunc(GL_LEQUAL);
    glColor3ub(255, 0, 255);
    rect(200, 10, 250, 60, -1.0f);      /* 1.0: equal to the clear */
    glDisable(GL_DEPTH_TEST);
}

static void scene_stencil(void)
{
    ortho();
    clear(0, 0, 0);
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_ALWAYS, 1, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    glColor3ub(40, 40, 40);
    tri(10, 10, 246, 10, 128, 246);
    glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
    rect(60, 60, 200, 120, 0);         /* stencil 2 inside both */
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glStencilFunc(GL_EQUAL, 1, 0xff);
    glColor3ub(0, 200, 0);
    rect(0, 0, 256, 256, 0);
    glStencilFunc(GL_EQUAL, 2, 0xff);
    glColor3ub(200, 0, 200);
    rect(0, 0, 256, 256, 0);
    glDisable(GL_STENCIL_TEST);
}

static void scene_blend(void)
{
    static const GLenum src[] = { GL_SRC_ALPHA, GL_ONE, GL_DST_COLOR,
                                  GL_ONE_MINUS_DST_COLOR, GL_CONSTANT_COLOR,
                                  GL_ZERO, GL_SRC_ALPHA_SATURATE, GL_ONE };
    static const GLenum dst[] = { GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO,
                                  GL_SRC_COLOR, GL_ONE_MINUS_CONSTANT_COLOR,
                                  GL_SRC_ALPHA, GL_ONE, GL_ONE };
    static const GLenum eq[] = { GL_FUNC_ADD, GL_FUNC_ADD, GL_FUNC_ADD,
                                 GL_FUNC_ADD, GL_FUNC_ADD, GL_FUNC_ADD,
                                 GL_FUNC_ADD, GL_FUNC_REVERSE_SUBTRACT };

    ortho();
    clear(0, 0, 0);
    /* a background of 8 grey/colour columns */
    for (int i = 0; i < 8; i++) {
        glColor4ub(32 * i, 255 - 32 * i, 128, 255);
        rect(i * 32, 0, i * 32 + 32, 256, 0);
    }
    glEnable(GL_BLEND);
    glBlendColor(0.25f, 0.5f, 0.75f, 0.5f);
    for (int i = 0; i < 8; i++) {
        glBlendFunc(src[i], dst[i]);
        glBlendEquation(eq[i]);
        glColor4ub(200, 100, 50, 128);
        rect(0, i * 32, 256, i * 32 + 24, 0);
    }
    glBlendEquation(GL_MIN);
    glColor4ub(100, 100, 100, 255);
    rect(0, 250, 128, 256, 0);
    glBlendEquation(GL_MAX);
    rect(128, 250, 256, 256, 0);
    glBlendEquation(GL_FUNC_ADD);
    glDisable(GL_BLEND);
}

static void scene_lines(void)
{
    ortho();
    clear(0, 0, 0);
    glColor3ub(255, 255, 255);
    glBegin(GL_LINES);
    for (int i = 0; i < 16; i++) {
        glVertex2f(8.5f, 8.5f + i * 15);
        glVertex2f(120.5f, 8.5f + i * 15 + i * 3);
    }
    glEnd();
    glColor3ub(0, 255, 0);
    glBegin(GL_LINE_STRIP);
    for (int i = 0; i < 10; i++) {
        glVertex2f(140.5f + (i % 2) * 100, 10.5f + i * 24);
    }
    glEnd();
    glColor3ub(255, 0, 0);
    glBegin(GL_LINE_LOOP);
    glVertex2f(150.5f, 60.5f);
    glVertex2f(230.5f, 70.5f);
    glVertex2f(190.5f, 140.5f);
    glEnd();
}

static void scene_points(void)
{
    ortho();
    clear(0, 0, 0);
    for (int s = 1; s <= 4; s++) {
        glPointSize(s);
        glBegin(GL_POINTS);
        for (int i = 0; i < 12; i++) {
            glColor3ub(60 * s, 255 - 20 * i, 20 * i);
            glVertex2f(20.5f + i * 18, 30.5f + (s - 1) * 50);
        }
        glEnd();
    }
    glPointSize(1);
}

static void scene_scissor(void)
{
    ortho();
    clear(0, 0, 0.5f);
    glEnable(GL_SCISSOR_TEST);
    glScissor(40, 50, 150, 100);
    glClearColor(0.5f, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3ub(255, 255, 0);
    tri(0, 0, 256, 0, 128, 256);
    glDisable(GL_SCISSOR_TEST);
}

static void scene_clip(void)
{
    static const GLdouble plane[4] = { 1, 1, 0, -200 };  /* x + y >= 200 */

    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-1, 1, -1, 1, 1, 10);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    clear(0, 0, 0);
    /* crosses the near plane and the sides */
    glBegin(GL_TRIANGLES);
    glColor3ub(255, 0, 0);
    glVertex3f(-3, -0.5f, -0.5f);
    glColor3ub(0, 255, 0);
    glVertex3f(3, -0.5f, -4);
    glColor3ub(0, 0, 255);
    glVertex3f(0, 3, -3);
    glEnd();
    /* crosses the far plane */
    glBegin(GL_TRIANGLES);
    glColor3ub(255, 255, 0);
    glVertex3f(-1, -1, -2);
    glColor3ub(0, 255, 255);
    glVertex3f(0, -2, -30);
    glColor3ub(255, 0, 255);
    glVertex3f(1, -1, -2);
    glEnd();
    /* a user clip plane */
    ortho();
    glClipPlane(GL_CLIP_PLANE0, plane);
    glEnable(GL_CLIP_PLANE0);
    glColor3ub(255, 255, 255);
    tri(100, 130, 250, 130, 250, 250);
    glDisable(GL_CLIP_PLANE0);
}

static void scene_cull(void)
{
    ortho();
    clear(0, 0, 0);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glColor3ub(255, 0, 0);
    tri(10, 10, 120, 10, 60, 120);      /* CCW: front, drawn */
    glColor3ub(0, 255, 0);
    tri(140, 10, 200, 120, 250, 10);    /* CW: back, culled */
    glCullFace(GL_FRONT);
    glColor3ub(0, 0, 255);
    tri(10, 140, 60, 250, 120, 140);    /* CW: drawn */
    glColor3ub(255, 255, 0);
    tri(140, 140, 250, 140, 200, 250);  /* CCW: culled */
    glDisable(GL_CULL_FACE);
}

static void scene_offset(void)
{
    ortho();
    clear(0, 0, 0);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glColor3ub(255, 0, 0);
    rect(20, 20, 236, 236, 0.25f);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(0, -4);
    glColor3ub(0, 255, 0);
    rect(60, 60, 196, 196, 0.25f);      /* coplanar, pulled forward */
    glPolygonOffset(0, 4);
    glColor3ub(0, 0, 255);
    rect(100, 100, 156, 156, 0.25f);    /* pushed back: hidden */
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDisable(GL_DEPTH_TEST);
}

static void scene_query(void)
{
    GLuint q;

    ortho();
    clear(0, 0, 0);
    glEnable(GL_DEPTH_TEST);
    glColor3ub(0, 0, 255);
    rect(0, 0, 128, 256, 0);
    glGenQueries(1, &q);
    glBeginQuery(GL_SAMPLES_PASSED, q);
    glColor3ub(255, 255, 255);
    rect(64, 64, 192, 192, -0.5f);      /* half behind the blue: 8192 */
    glEndQuery(GL_SAMPLES_PASSED);
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &query_result);
    glDeleteQueries(1, &q);
    glDisable(GL_DEPTH_TEST);
}

static double elapsed_ms(const struct timespec *t0)
{
    struct timespec t1;

    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (t1.tv_sec - t0->tv_sec) * 1e3 + (t1.tv_nsec - t0->tv_nsec) / 1e6;
}

/*
 * 3000 overlapping triangles without blending.  GLSCENES_MANY_MS=N draws
 * the same batch again until N ms have passed (the GPU's work finished
 * each time): the frame does not change, as each pixel ends with the
 * last triangle over it either way, but the scene keeps the GPU busy for
 * as long as tests/guest/migrate-test.sh needs to land a migration in it.
 */
static void scene_many(void)
{
    const char *env = getenv("GLSCENES_MANY_MS");
    double ms = env ? atof(env) : 0;
    struct timespec t0;

    clock_gettime(CLOCK_MONOTONIC, &t0);
    ortho();
    clear(0, 0, 0);
    do {
        unsigned seed = 12345;

        glBegin(GL_TRIANGLES);
        for (int i = 0; i < 3000; i++) {
            for (int v = 0; v < 3; v++) {
                seed = seed * 1103515245u + 12345u;
                glColor3ub(seed >> 24, seed >> 16, seed >> 8);
                seed = seed * 1103515245u + 12345u;
                glVertex2f((seed >> 8) % 256, (seed >> 20) % 256);
            }
        }
        glEnd();
        if (ms > 0) {
            glFinish();
        }
    } while (ms > 0 && elapsed_ms(&t0) < ms);
}

static void scene_prims(void)
{
    ortho();
    clear(0, 0, 0);
    glBegin(GL_QUADS);
    glColor3ub(255, 0, 0);
    glVertex2f(10, 10); glVertex2f(60, 10); glVertex2f(60, 60);
    glVertex2f(10, 60);
    glColor3ub(0, 255, 0);
    glVertex2f(70, 10); glVertex2f(120, 20); glVertex2f(110, 60);
    glVertex2f(75, 50);
    glEnd();
    glBegin(GL_QUAD_STRIP);
    for (int i = 0; i < 5; i++) {
        glColor3ub(50 * i, 100, 255 - 50 * i);
        glVertex2f(10 + i * 25, 80);
        glVertex2f(10 + i * 25, 120 + (i % 2) * 10);
    }
    glEnd();
    glBegin(GL_TRIANGLE_STRIP);
    for (int i = 0; i < 8; i++) {
        glColor3ub(30 * i, 255 - 30 * i, 128);
        glVertex2f(140 + i * 14, 10 + (i % 2) * 50);
    }
    glEnd();
    glBegin(GL_TRIANGLE_FAN);
    glColor3ub(255, 255, 255);
    glVertex2f(190, 190);
    for (int i = 0; i <= 8; i++) {
        glColor3ub(255 - 25 * i, 25 * i, 100);
        glVertex2f(190 + 50 * cosf(i * 0.6f), 190 + 50 * sinf(i * 0.6f));
    }
    glEnd();
    glBegin(GL_POLYGON);
    glColor3ub(255, 128, 0);
    glVertex2f(20, 150);
    glVertex2f(80, 140);
    glVertex2f(110, 180);
    glVertex2f(80, 240);
    glVertex2f(30, 220);
    glEnd();
}

static void scene_stipple(void)
{
    GLubyte pattern[128];

    /* rows of diagonal stripes, a different phase each row */
    for (int r = 0; r < 32; r++) {
        for (int b = 0; b < 4; b++) {
            pattern[r * 4 + b] = (GLubyte)(0xe1u >> (r % 5)) ^ (b * 0x11);
        }
    }
    ortho();
    clear(0, 0, 0);
    glEnable(GL_POLYGON_STIPPLE);
    glPolygonStipple(pattern);
    glColor3ub(255, 200, 0);
    tri(5, 5, 250, 20, 60, 250);
    glDisable(GL_POLYGON_STIPPLE);
    glColor3ub(0, 100, 255);
    tri(150, 150, 250, 150, 250, 250);  /* unstippled beside it */
}

static void scene_linestipple(void)
{
    ortho();
    clear(0, 0, 0);
    glEnable(GL_LINE_STIPPLE);
    glLineStipple(2, 0x0f3f);
    glColor3ub(255, 255, 255);
    glBegin(GL_LINES);
    for (int i = 0; i < 8; i++) {
        glVertex2f(10.5f, 10.5f + i * 12);
        glVertex2f(240.5f, 10.5f + i * 12 + i * 5);
    }
    glEnd();
    glLineStipple(3, 0x5555);
    glColor3ub(0, 255, 128);
    glBegin(GL_LINE_STRIP);
    for (int i = 0; i < 6; i++) {
        glVertex2f(20.5f + (i % 2) * 200, 130.5f + i * 20);
    }
    glEnd();
    glDisable(GL_LINE_STIPPLE);
}

/* A GLSL 1.10 program of a vertex and a fragment shader, or 0. */
static GLuint program(const char *vs, const char *fs)
{
    GLuint p = glCreateProgram();
    const char *src[2] = { vs, fs };
    GLenum type[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
    GLint ok;

    for (int i = 0; i < 2; i++) {
        GLuint sh = glCreateShader(type[i]);

        glShaderSource(sh, 1, &src[i], NULL);
        glCompileShader(sh);
        glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
        if (!ok) {
            die("a shader does not compile");
        }
        glAttachShader(p, sh);
        glDeleteShader(sh);
    }
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        die("a program does not link");
    }
    return p;
}

/* The window depth a fragment shader reads (gl_FragCoord.z) as colour. */
static void scene_fragdepth(void)
{
    GLuint p = program(
        "void main() { gl_Position = ftransform(); }\n",
        "void main() {\n"
        "  gl_FragColor = vec4(gl_FragCoord.z, 0.5, 1.0 - gl_FragCoord.z, 1.0);\n"
        "}\n");

    ortho();
    clear(0, 0, 0);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glUseProgram(p);
    glBegin(GL_TRIANGLES);
    glVertex3f(10, 10, 0.9f);
    glVertex3f(246, 40, -0.9f);
    glVertex3f(80, 246, 0.0f);
    glEnd();
    glUseProgram(0);
    glDeleteProgram(p);
    glDisable(GL_DEPTH_TEST);
}


/* ---- textured scenes (the sampler) ---- */

/* A 2D RGBA8 texture of w x h from fn(x, y, level, rgba), `levels` deep. */
static GLuint texture2d(int w, int h, int levels,
                        void (*fn)(int, int, int, GLubyte *))
{
    static GLubyte px[64 * 64 * 4];
    GLuint t;

    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (int l = 0; l < levels; l++) {
        int lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;

        for (int y = 0; y < lh; y++) {
            for (int x = 0; x < lw; x++) {
                fn(x, y, l, &px[(y * lw + x) * 4]);
            }
        }
        glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, lw, lh, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, px);
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, levels - 1);
    return t;
}

/* Every texel its own colour: red by x, green by y, blue a checker. */
static void texel_grid(int x, int y, int l, GLubyte *c)
{
    c[0] = (GLubyte)(x * 32 + 16);
    c[1] = (GLubyte)(y * 32 + 16);
    c[2] = (GLubyte)((x + y + l) & 1 ? 255 : 0);
    c[3] = 255;
}

/* One colour per level. */
static void texel_level(int x, int y, int l, GLubyte *c)
{
    static const GLubyte col[7][3] = {
        { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 }, { 255, 255, 0 },
        { 0, 255, 255 }, { 255, 0, 255 }, { 255, 255, 255 },
    };

    (void)x;
    (void)y;
    memcpy(c, col[l % 7], 3);
    c[3] = 255;
}

/* A textured quad from (x0, y0) to (x1, y1) with texcoords s0..s1. */
static void tquad(float x0, float y0, float x1, float y1, float s0, float t0,
                  float s1, float t1)
{
    glBegin(GL_QUADS);
    glTexCoord2f(s0, t0);
    glVertex2f(x0, y0);
    glTexCoord2f(s1, t0);
    glVertex2f(x1, y0);
    glTexCoord2f(s1, t1);
    glVertex2f(x1, y1);
    glTexCoord2f(s0, t1);
    glVertex2f(x0, y1);
    glEnd();
}

static void tex_filter(GLenum min, GLenum mag, GLenum wrap)
{
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, min);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, mag);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap);
}

static void tex_begin(void)
{
    ortho();
    clear(0.1f, 0.1f, 0.1f);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
}

static void tex_end(GLuint t)
{
    glDisable(GL_TEXTURE_2D);
    glDeleteTextures(1, &t);
}

/* Magnified 8x8 grids: NEAREST and LINEAR, axis-aligned. */
static void scene_tex_nearest(void)
{
    GLuint t;

    tex_begin();
    t = texture2d(8, 8, 1, texel_grid);
    tex_filter(GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    tquad(8, 8, 232, 232, 0, 0, 1, 1);  /* 28 pixels a texel: no ties */
    tex_end(t);
}

static void scene_tex_linear(void)
{
    GLuint t;

    tex_begin();
    t = texture2d(8, 8, 1, texel_grid);
    tex_filter(GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
    tquad(8, 8, 232, 232, 0, 0, 1, 1);
    tex_end(t);
}

/*
 * A 64x64 texture whose levels are one colour each, on quads 64, 45, 32,
 * 16 and 8 pixels wide (LOD 0, ~0.5, 1, 2, 3), one row per mip mode:
 * NEAREST_MIPMAP_NEAREST, LINEAR_MIPMAP_NEAREST, NEAREST_MIPMAP_LINEAR,
 * LINEAR_MIPMAP_LINEAR.
 */
static void scene_tex_mips(void)
{
    static const GLenum modes[4] = {
        GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR_MIPMAP_NEAREST,
        GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR_MIPMAP_LINEAR,
    };
    static const float size[5] = { 64, 45, 32, 16, 8 };
    GLuint t;

    tex_begin();
    t = texture2d(64, 64, 7, texel_level);
    for (int m = 0; m < 4; m++) {
        float x = 2;

        tex_filter(modes[m], GL_NEAREST, GL_REPEAT);
        for (int q = 0; q < 5; q++) {
            tquad(x, 2 + m * 64, x + size[q], 2 + m * 64 + size[q], 0, 0, 1,
                  1);
            x += size[q] + 4;
        }
    }
    tex_end(t);
}

/*
 * Texcoords -1..2 under each wrap mode (NEAREST), then GL_CLAMP and
 * CLAMP_TO_BORDER with LINEAR (the border colour blends in at the edges).
 */
static void scene_tex_wrap(void)
{
    static const GLenum wraps[6] = {
        GL_REPEAT, GL_MIRRORED_REPEAT, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER,
        GL_CLAMP, GL_CLAMP_TO_BORDER,
    };
    static const float border[4] = { 0.2f, 0.4f, 0.6f, 1.0f };
    GLuint t;

    tex_begin();
    t = texture2d(8, 8, 1, texel_grid);
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    for (int i = 0; i < 6; i++) {
        GLenum f = i < 4 ? GL_NEAREST : GL_LINEAR;

        tex_filter(f, f, wraps[i]);
        tquad((float)(i % 3) * 85 + 3, (float)(i / 3) * 128 + 24,
              (float)(i % 3) * 85 + 83, (float)(i / 3) * 128 + 104,
              -1, -1, 2, 2);
    }
    tex_end(t);
}

/* A cube map of 4x4 faces, each its own colour ramp, seen along 6 axes. */
static void scene_tex_cube(void)
{
    static const float dir[6][3][3] = {
        /* centre, s and t directions of each face's quad */
        { { 1, 0, 0 }, { 0, 0, -1 }, { 0, -1, 0 } },
        { { -1, 0, 0 }, { 0, 0, 1 }, { 0, -1, 0 } },
        { { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, 1 } },
        { { 0, -1, 0 }, { 1, 0, 0 }, { 0, 0, -1 } },
        { { 0, 0, 1 }, { 1, 0, 0 }, { 0, -1, 0 } },
        { { 0, 0, -1 }, { -1, 0, 0 }, { 0, -1, 0 } },
    };
    GLubyte px[4 * 4 * 4];
    GLuint t;

    ortho();
    clear(0.1f, 0.1f, 0.1f);
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_CUBE_MAP, t);
    for (int f = 0; f < 6; f++) {
        for (int i = 0; i < 16; i++) {
            px[i * 4 + 0] = (GLubyte)(f * 40 + 20);
            px[i * 4 + 1] = (GLubyte)((i % 4) * 64 + 32);
            px[i * 4 + 2] = (GLubyte)((i / 4) * 64 + 32);
            px[i * 4 + 3] = 255;
        }
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 4, 4, 0,
                     GL_RGBA, GL_UNSIGNED_BYTE, px);
    }
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glEnable(GL_TEXTURE_CUBE_MAP);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    for (int f = 0; f < 6; f++) {
        float x0 = (float)(f % 3) * 84 + 4, y0 = (float)(f / 3) * 128 + 20;
        static const float corner[4][2] = {
            { -0.9f, -0.9f }, { 0.9f, -0.9f }, { 0.9f, 0.9f }, { -0.9f, 0.9f },
        };

        glBegin(GL_QUADS);
        for (int c = 0; c < 4; c++) {
            float v[3];

            for (int a = 0; a < 3; a++) {
                v[a] = dir[f][0][a] + corner[c][0] * dir[f][1][a] +
                       corner[c][1] * dir[f][2][a];
            }
            glTexCoord3fv(v);
            glVertex2f(x0 + (corner[c][0] + 1) * 38,
                       y0 + (corner[c][1] + 1) * 38);
        }
        glEnd();
    }
    glDisable(GL_TEXTURE_CUBE_MAP);
    glDeleteTextures(1, &t);
}

/* A 4x4x4 3D texture: slices across the quad, NEAREST then LINEAR. */
static void scene_tex_3d(void)
{
    GLubyte px[4 * 4 * 4 * 4];
    GLuint t;

    ortho();
    clear(0.1f, 0.1f, 0.1f);
    for (int i = 0; i < 64; i++) {
        px[i * 4 + 0] = (GLubyte)((i % 4) * 64 + 32);
        px[i * 4 + 1] = (GLubyte)((i / 4 % 4) * 64 + 32);
        px[i * 4 + 2] = (GLubyte)((i / 16) * 80);
        px[i * 4 + 3] = 255;
    }
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_3D, t);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, px);
    glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
    glEnable(GL_TEXTURE_3D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    for (int f = 0; f < 2; f++) {
        GLenum filt = f ? GL_LINEAR : GL_NEAREST;

        glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, filt);
        glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MAG_FILTER, filt);
        glBegin(GL_QUADS);
        glTexCoord3f(0, 0, 0.1f);
        glVertex2f(4, 4 + f * 128);
        glTexCoord3f(1, 0, 0.9f);
        glVertex2f(252, 4 + f * 128);
        glTexCoord3f(1, 1, 0.9f);
        glVertex2f(252, 124 + f * 128);
        glTexCoord3f(0, 1, 0.1f);
        glVertex2f(4, 124 + f * 128);
        glEnd();
    }
    glDisable(GL_TEXTURE_3D);
    glDeleteTextures(1, &t);
}

/*
 * S3TC: an 8x8 DXT1 texture (four blocks, both colour modes) and an 8x8
 * DXT5 one (interpolated alpha, blended over the background).
 */
static void scene_tex_dxt(void)
{
    static const GLubyte dxt1[4][8] = {
        { 0x00, 0xf8, 0x1f, 0x00, 0xe4, 0xe4, 0x1b, 0x1b },
        { 0xe0, 0x07, 0x00, 0xf8, 0x50, 0x05, 0xaa, 0xff },
        { 0x1f, 0x00, 0xe0, 0x07, 0xe4, 0x39, 0x93, 0x4e },  /* c0 < c1 */
        { 0xff, 0xff, 0x00, 0x00, 0x1b, 0x6c, 0xb1, 0xc6 },
    };
    GLubyte dxt5[4][16];
    GLuint t[2];

    for (int b = 0; b < 4; b++) {
        dxt5[b][0] = (GLubyte)(255 - b * 40);
        dxt5[b][1] = (GLubyte)(b * 30);
        for (int k = 2; k < 8; k++) {
            dxt5[b][k] = (GLubyte)(0x24 * k + b * 0x51);
        }
        memcpy(&dxt5[b][8], dxt1[(b + 1) % 4], 8);
    }
    tex_begin();
    glGenTextures(2, t);
    glBindTexture(GL_TEXTURE_2D, t[0]);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
                           8, 8, 0, sizeof(dxt1), dxt1);
    tex_filter(GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    tquad(4, 4, 124, 252, 0, 0, 1, 1);
    glBindTexture(GL_TEXTURE_2D, t[1]);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
                           8, 8, 0, sizeof(dxt5), dxt5);
    tex_filter(GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    tquad(132, 4, 252, 252, 0, 0, 1, 1);
    glDisable(GL_BLEND);
    glDisable(GL_TEXTURE_2D);
    glDeleteTextures(2, t);
}

#ifndef GL_COMPRESSED_RGBA_FXT1_3DFX
#define GL_COMPRESSED_RGBA_FXT1_3DFX 0x86B1
#endif

/*
 * FXT1: a 16x16 texture of 8x4 blocks of pseudo-random bits, each row of
 * blocks in one mode per column pair (CC_HI, CC_CHROMA, CC_ALPHA and
 * CC_MIXED, the mode in bits 127:125), nearest-filtered and blended over
 * the background (CC_HI's, CC_ALPHA's and CC_MIXED's transparent and
 * translucent texels).
 */
static void scene_tex_fxt1(void)
{
    static const GLubyte modes[4] = { 0, 2, 3, 5 };
    GLubyte blk[8][16];
    uint32_t x = 0x9e3779b9u;
    GLuint t;

    for (int b = 0; b < 8; b++) {
        for (int k = 0; k < 16; k++) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            blk[b][k] = (GLubyte)x;
        }
        blk[b][15] = (GLubyte)((blk[b][15] & 0x1f) | modes[b % 4] << 5);
    }
    tex_begin();
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_FXT1_3DFX,
                           16, 16, 0, sizeof(blk), blk);
    tex_filter(GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    /* 15 pixels a texel: no pixel centre on a texel boundary */
    tquad(4, 4, 244, 244, 0, 0, 1, 1);
    glDisable(GL_BLEND);
    tex_end(t);
}

/*
 * A depth texture compared with a reference that rises across the quad
 * (shadow2D, GL_LEQUAL): white where ref <= depth.  The texels and the
 * reference never meet exactly at a pixel centre.
 */
static void scene_tex_shadow(void)
{
    static GLuint depth[16 * 16];
    GLuint t, p;

    for (int i = 0; i < 256; i++) {
        /* 24-bit depth in the high bits, a ramp with a checker */
        unsigned v = (unsigned)((i % 16) * 14 + ((i / 16) & 1) * 20 + 8);

        depth[i] = v << 24;
    }
    p = program(
        "void main() {\n"
        "  gl_Position = ftransform();\n"
        "  gl_TexCoord[0] = gl_MultiTexCoord0;\n"
        "}\n",
        "uniform sampler2DShadow s;\n"
        "void main() {\n"
        "  float v = shadow2D(s, gl_TexCoord[0].stp).r;\n"
        "  gl_FragColor = vec4(v, 0.5 * v, 1.0 - v, 1.0);\n"
        "}\n");
    ortho();
    clear(0.1f, 0.1f, 0.1f);
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 16, 16, 0,
                 GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, depth);
    tex_filter(GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE,
                    GL_COMPARE_R_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "s"), 0);
    glBegin(GL_QUADS);
    glTexCoord3f(0, 0, 0.05f);
    glVertex2f(0, 0);
    glTexCoord3f(1, 0, 0.05f);
    glVertex2f(256, 0);
    glTexCoord3f(1, 1, 0.95f);
    glVertex2f(256, 256);
    glTexCoord3f(0, 1, 0.95f);
    glVertex2f(0, 256);
    glEnd();
    glUseProgram(0);
    glDeleteProgram(p);
    glDeleteTextures(1, &t);
}

/*
 * Render to texture: a smooth triangle drawn into a 64x64 texture through
 * a framebuffer object, then that texture drawn 4x magnified (NEAREST).
 */
static GLuint main_fb;

static void scene_tex_rtt(void)
{
    GLuint t, fb;

    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA,
                 GL_UNSIGNED_BYTE, NULL);
    tex_filter(GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                           GL_TEXTURE_2D, t, 0);
    glViewport(0, 0, 64, 64);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 64, 0, 64, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glClearColor(0, 0, 0.5f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0, 0);
    glVertex2f(4, 4);
    glColor3f(0, 1, 0);
    glVertex2f(60, 10);
    glColor3f(1, 1, 1);
    glVertex2f(20, 60);
    glEnd();
    glColor3f(1, 1, 1);
    glBindFramebuffer(GL_FRAMEBUFFER, main_fb);
    glViewport(0, 0, W, H);
    tex_begin();
    glBindTexture(GL_TEXTURE_2D, t);
    tquad(0, 0, 256, 256, 0, 0, 1, 1);
    glDisable(GL_TEXTURE_2D);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &t);
}

/*
 * Texture formats: luminance, alpha (blended), intensity, luminance-
 * alpha, 565, 4444, 5551 and sRGB, each a 4x4 ramp magnified (NEAREST).
 */
static void scene_tex_formats(void)
{
    static const struct { GLenum ifmt, fmt, type; } f[8] = {
        { GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE },
        { GL_ALPHA8, GL_ALPHA, GL_UNSIGNED_BYTE },
        { GL_INTENSITY8, GL_LUMINANCE, GL_UNSIGNED_BYTE },
        { GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE },
        { GL_RGB5, GL_RGB, GL_UNSIGNED_BYTE },
        { GL_RGBA4, GL_RGBA, GL_UNSIGNED_BYTE },
        { GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_BYTE },
        { GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE },
    };
    GLubyte px[16 * 4];
    GLuint t;

    tex_begin();
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (int i = 0; i < 8; i++) {
        for (int k = 0; k < 64; k++) {
            /* ramps that land on each format's exact steps */
            px[k] = (GLubyte)(k % 4 == 3 ? 255 - (k / 4) * 17 : (k * 17) & 0xff);
        }
        glTexImage2D(GL_TEXTURE_2D, 0, f[i].ifmt, 4, 4, 0, f[i].fmt,
                     f[i].type, px);
        tex_filter(GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
        tquad((float)(i % 4) * 64 + 2, (float)(i / 4) * 128 + 2,
              (float)(i % 4) * 64 + 62, (float)(i / 4) * 128 + 126,
              0, 0, 1, 1);
    }
    glDisable(GL_BLEND);
    tex_end(t);
}

static const struct {
    const char *name;
    void (*draw)(void);
} scenes[] = {
    { "flat", scene_flat },
    { "smooth", scene_smooth },
    { "depth", scene_depth },
    { "stencil", scene_stencil },
    { "blend", scene_blend },
    { "lines", scene_lines },
    { "points", scene_points },
    { "scissor", scene_scissor },
    { "clip", scene_clip },
    { "cull", scene_cull },
    { "offset", scene_offset },
    { "query", scene_query },
    { "many", scene_many },
    { "prims", scene_prims },
    { "stipple", scene_stipple },
    { "fragdepth", scene_fragdepth },
    { "linestipple", scene_linestipple },
    { "tex_nearest", scene_tex_nearest },
    { "tex_linear", scene_tex_linear },
    { "tex_mips", scene_tex_mips },
    { "tex_wrap", scene_tex_wrap },
    { "tex_cube", scene_tex_cube },
    { "tex_3d", scene_tex_3d },
    { "tex_dxt", scene_tex_dxt },
    { "tex_fxt1", scene_tex_fxt1 },
    { "tex_shadow", scene_tex_shadow },
    { "tex_rtt", scene_tex_rtt },
    { "tex_formats", scene_tex_formats },
};

static void render(const char *dir, const char *only)
{
    static uint8_t px[W * H * 4];
    GLuint fb, rb[2];
    char path[512];

    make_context(EGL_OPENGL_API, 2, 1);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    main_fb = fb;
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_RENDERBUFFER, rb[0]);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, W, H);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                              GL_RENDERBUFFER, rb[1]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                              GL_RENDERBUFFER, rb[1]);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        die("framebuffer incomplete");
    }
    glViewport(0, 0, W, H);
    for (size_t i = 0; i < sizeof(scenes) / sizeof(scenes[0]); i++) {
        FILE *f;

        struct timespec t0, t1;

        if (only && strcmp(only, scenes[i].name)) {
            continue;
        }
        query_result = 0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        scenes[i].draw();
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        snprintf(path, sizeof(path), "%s/%02zu-%s.ppm", dir, i,
                 scenes[i].name);
        f = fopen(path, "wb");
        if (!f) {
            die("cannot write a frame");
        }
        fprintf(f, "P6\n%d %d\n255\n", W, H);
        for (int y = H - 1; y >= 0; y--) {       /* top row first */
            for (int x = 0; x < W; x++) {
                fwrite(&px[(y * W + x) * 4], 1, 3, f);
            }
        }
        fclose(f);
        printf("scene %02zu %s queried=%u ms=%.1f glerror=0x%x\n", i,
               scenes[i].name, query_result,
               (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6,
               glGetError());
        fflush(stdout);
    }
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "info")) {
        open_display();
        info();
    } else if (argc >= 3 && !strcmp(argv[1], "render")) {
        open_display();
        render(argv[2], argc > 3 ? argv[3] : NULL);
    } else {
        fprintf(stderr, "usage: glscenes info | "
                "glscenes render OUTDIR [SCENE]\n");
        return 2;
    }
    eglTerminate(dpy);
    return 0;
}
